/**
 * The browser runs Preact's React compatibility layer, the server React 18 (docs/decisions/0121-preact-in-the-browser.md):
 * the built client has no React DOM, the server build still renders with React, and the public event page's
 * JavaScript stays within issue 13's budget. Also the browser's fixes for what Preact does differently from React.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { h } from 'preact'
import { describe, expect, it } from 'vitest'
import { selectDefault, syncDocumentAttributes } from '#app/browser/preact.client.ts'

const root = new URL('../../../', import.meta.url).pathname
const client = `${root}build/client`
/** Issue 13: the public event page's JavaScript, gzipped. */
const BUDGET = 90 * 1024
const EVENT_PAGE_ROUTE = 'routes/user.$login.event.$eventLink'

type Manifest = {
  entry: { module: string; imports?: string[] }
  routes: Record<string, { module: string; imports?: string[] }>
}

function manifest(): Manifest {
  const file = readdirSync(`${client}/assets`).find((name) => name.startsWith('manifest-'))
  if (!file) throw new Error('build/client has no Remix manifest')
  const text = readFileSync(`${client}/assets/${file}`, 'utf8')
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest
}

/** What the event page's HTML loads: the entry, root and the event page route with their imports (the bench's set). */
function eventPageScripts(built: Manifest): string[] {
  const scripts = new Set([built.entry.module, ...(built.entry.imports ?? [])])
  for (const id of ['root', EVENT_PAGE_ROUTE]) {
    const route = built.routes[id]
    if (!route) throw new Error(`no route ${id} in the manifest`)
    scripts.add(route.module)
    for (const file of route.imports ?? []) scripts.add(file)
  }
  return [...scripts]
}

describe.skipIf(!existsSync(`${client}/assets`))('the browser build (after npm run build)', () => {
  const scripts = readdirSync(`${client}/assets`).filter((name) => name.endsWith('.js'))

  it('has no React DOM: every page hydrates with Preact', () => {
    // React DOM's production build links its minified errors to this page.
    const withReactDom = scripts.filter((name) =>
      readFileSync(`${client}/assets/${name}`, 'utf8').includes('reactjs.org/docs/error-decoder'),
    )
    expect(withReactDom).toEqual([])
    // preact/compat renames React's `onDoubleClick` to the DOM's event (React DOM maps it by a table instead).
    const framework = scripts.find((name) => name.startsWith('framework-'))
    expect(framework).toBeDefined()
    expect(readFileSync(`${client}/assets/${framework}`, 'utf8')).toContain('"ondoubleclick"')
  })

  it('keeps React on the server', () => {
    const server = readFileSync(`${root}build/server/index.js`, 'utf8')
    expect(server).toContain('renderToReadableStream')
    expect(server).not.toMatch(/from ["']preact/)
  })

  it(`loads at most 90 KB of JavaScript gzipped on the public event page`, () => {
    const files = eventPageScripts(manifest())
    expect(files.length).toBeGreaterThan(5)
    const gzipped = files.reduce(
      (sum, file) => sum + gzipSync(readFileSync(`${client}${file}`), { level: 9 }).length,
      0,
    )
    expect(gzipped).toBeLessThanOrEqual(BUDGET)
  })
})

describe('Preact in the browser: what React did', () => {
  it('selects a select default also inside option groups', () => {
    const groups = [
      h('optgroup', { label: 'UTC+03:00' }, h('option', { value: 'Europe/Moscow' }, 'Moscow')),
      h('optgroup', { label: 'UTC+09:00' }, [h('option', { value: 'Asia/Tokyo' }, 'Tokyo')]),
    ]
    const loose = h('option', { value: 'UTC' }, 'UTC')
    selectDefault([loose, groups], 'Asia/Tokyo')
    const options = [loose, ...groups.flatMap((group) => [group.props.children].flat())] as {
      props: { value: string; selected?: boolean }
    }[]
    expect(options.map((option) => [option.props.value, option.props.selected])).toEqual([
      ['UTC', false],
      ['Europe/Moscow', false],
      ['Asia/Tokyo', true],
    ])
  })

  it("writes <html>'s attributes onto the document's element and removes those no longer given", () => {
    const attributes = new Map<string, string>([['lang', 'ru']])
    const element = {
      getAttribute: (name: string) => attributes.get(name) ?? null,
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      removeAttribute: (name: string) => attributes.delete(name),
    } as unknown as Element
    let written = syncDocumentAttributes(
      element,
      { lang: 'en', dir: 'ltr', className: 'dark', children: null },
      new Set(),
    )
    expect(Object.fromEntries(attributes)).toEqual({ lang: 'en', dir: 'ltr', class: 'dark' })
    written = syncDocumentAttributes(element, { lang: 'en', dir: 'ltr', suppressHydrationWarning: true }, written)
    expect(Object.fromEntries(attributes)).toEqual({ lang: 'en', dir: 'ltr' })
    expect([...written]).toEqual(['lang', 'dir'])
  })
})
