import { describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { LANGUAGES, i18nConfig, resources } from '#app/i18n/config.ts'
import { NAMESPACES } from '#app/i18n/namespaces.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { type TranslateOptions, type Texts, translate } from '#app/i18n/translator.ts'

/**
 * The browser's translator must write what the server's i18next writes, or hydration breaks
 * (docs/decisions/0116-client-translator.md): every key of every namespace in both languages, with and without its
 * parameters, with plural counts, contexts, default values, missing keys and the one `returnObjects`.
 */

function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key))
}

const SUFFIX = /_(zero|one|two|few|many|other)$/
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1.5, -1]

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]) : []
}

function textAt(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree)
}

describe.each(LANGUAGES)('the client translator in %s', (language) => {
  const server = getT(language) as unknown as (key: string, options?: TranslateOptions) => unknown
  const texts = resources[language] as unknown as Record<string, Texts>
  const client = (key: string, options?: TranslateOptions, namespace = 'common') =>
    translate((ns) => texts[ns], language, namespace, key, options)
  const same = (key: string, options?: TranslateOptions, namespace?: string) =>
    expect(client(key, options, namespace), `${language} ${namespace ?? ''} ${key} ${JSON.stringify(options)}`).toEqual(
      server(key, namespace ? { ...options, ns: namespace } : options),
    )

  it.each(NAMESPACES)('%s: every key, with and without its parameters, as i18next', (namespace) => {
    const keys = leaves(texts[namespace])
    expect(keys.length).toBeGreaterThan(0)
    for (const path of keys) {
      const key = `${namespace}:${path}`
      const params = Object.fromEntries(placeholders(textAt(texts[namespace], path)).map((name) => [name, `<${name}>`]))
      same(key)
      same(key, params)
      same(key, { ...params, count: 2 })
      // A parameter given as null or a number, and the key through `useTranslation(namespace)`'s default namespace.
      same(key, Object.fromEntries(Object.keys(params).map((name, i) => [name, i % 2 ? null : 7])))
      same(path, params, namespace)
      // A context the texts do not have falls back to the key.
      same(key, { ...params, context: 'nowhere' })
    }
  })

  it.each(NAMESPACES)('%s: plural keys for every count, contexts where the texts have them', (namespace) => {
    const keys = leaves(texts[namespace])
    const plural = [...new Set(keys.filter((key) => SUFFIX.test(key)).map((key) => key.replace(SUFFIX, '')))]
    for (const base of plural) {
      const params = Object.fromEntries(
        placeholders(textAt(texts[namespace], `${base}_other`)).map((name) => [name, `<${name}>`]),
      )
      for (const count of COUNTS) {
        same(`${namespace}:${base}`, { ...params, count })
        same(`${namespace}:${base}`, { count })
      }
    }
    for (const key of keys.filter((key) => !SUFFIX.test(key) && /_[a-z]+$/.test(key))) {
      const [base, context] = [key.slice(0, key.lastIndexOf('_')), key.slice(key.lastIndexOf('_') + 1)]
      same(`${namespace}:${base}`, { context })
      same(`${namespace}:${base}`, { context, count: 1 })
    }
  })

  it('missing keys, default values, objects and the one list', () => {
    same('booking:nowhere.near')
    same('nowhere')
    same('nowhere', undefined, 'booking')
    same('booking:nowhere', { defaultValue: 'Fallback {{name}}', name: 'Ann' })
    same('booking:nowhere', { count: 5 })
    same('booking:nowhere', { context: 'x', count: 1 })
    same('validation:minChars', { count: 3 })
    same('validation:minChars')
    same('common:language.label', { defaultValue: 'unused' })
    // A key naming a group of texts: i18next's warning text without returnObjects, the copy with it.
    const group = leaves(texts.billing)
      .find((key) => key.includes('.'))
      ?.split('.')[0] as string
    same(`billing:${group}`)
    same('billing:modal.steps', { returnObjects: true })
    expect(Array.isArray(client('billing:modal.steps', { returnObjects: true }))).toBe(true)
  })

  it('interpolation, plural and context edge cases, against an i18next over the same texts', () => {
    const samples: Texts = {
      a: 'Hi {{name}}, {{ name }} and {{missing}} {{count}}',
      b: '{{a.b}} {{-name}} $ {{name}}$& {{name}} {{n}} {{u}}',
      c_one: '{{count}} one',
      c_few: '{{count}} few',
      c_many: '{{count}} many',
      c_other: '{{count}} other',
      c_zero: 'zero',
      d: 'plain',
      d_male: 'he',
      d_male_one: 'one he',
      e: '',
      f: { g: 'inner {{name}}' },
    }
    const reference = i18next.createInstance()
    reference.init({
      ...i18nConfig,
      ns: ['x'],
      defaultNS: 'x',
      resources: { [language]: { x: samples } },
      lng: language,
      initImmediate: false,
    })
    const referenceT = reference.t.bind(reference) as unknown as (key: string, options?: TranslateOptions) => unknown
    const cases: [string, TranslateOptions?][] = [
      ['a', { name: 'Ann', count: 2 }],
      ['a', { name: 'Ann', missing: undefined }],
      ['b', { name: '$1', a: { b: 'deep' }, n: null }],
      ['d', { context: 'male' }],
      ['d', { context: 'male', count: 1 }],
      ['d', { context: 'male', count: 5 }],
      ['d', { context: '' }],
      ['e'],
      ['e', { defaultValue: 'x' }],
      ['f', { returnObjects: true, name: 'Ann' }],
      ['f'],
      ['x:f.g', { name: 'Ann' }],
      ...COUNTS.map((count): [string, TranslateOptions] => ['c', { count }]),
    ]
    for (const [key, options] of cases)
      expect(
        translate(() => samples, language, 'x', key, options),
        `${key} ${JSON.stringify(options)}`,
      ).toEqual(referenceT(key, options))
  })
})
