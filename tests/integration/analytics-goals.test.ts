import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import worker from '#workers/app.ts'
import { codeIn, lastEmailTo, newIp, signupBody } from './helpers/accounts.ts'

/** The Worker with a Metrika counter configured (or not), as a browser on the same site calls it. */
async function call(path: string, init: RequestInit & { cookie?: string } = {}, counter: string | null = '98765') {
  const bindings = counter ? { ...env, METRIKA_COUNTER_ID: counter } : env
  const headers = new Headers(init.headers)
  headers.set('Origin', 'http://localhost')
  headers.set('Host', 'localhost')
  headers.set('CF-Connecting-IP', newIp())
  if (init.cookie) headers.set('Cookie', init.cookie)
  const ctx = createExecutionContext()
  const response = await worker.fetch(
    new Request(`http://localhost${path}`, { ...init, headers, redirect: 'manual' }) as Parameters<
      typeof worker.fetch
    >[0],
    bindings as typeof env,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return response
}

function form(fields: Record<string, string>) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  return body
}

/** The cookies a response sets, as a request's Cookie header would carry them (cleared ones left out). */
function cookiesOf(response: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split('=')[0], part] as const),
  )
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(';')[0]
    const name = pair.split('=')[0]
    if (/Max-Age=0/.test(cookie)) jar.delete(name)
    else jar.set(name, pair)
  }
  return [...jar.values()].join('; ')
}

describe('analytics goals (SPEC §1)', () => {
  it('a sign-up, then its code: each next page reports its goal once, and the CSP allows Metrika', async () => {
    const body = signupBody()
    const created = await call('/signup', {
      method: 'POST',
      body: form({ ...body, isAgreementAccepted: 'on', passwordRepeat: body.password }),
    })
    expect(created.status).toBe(302)
    let cookie = cookiesOf(created)
    expect(cookie).toContain('goals=registrationEmail')

    const done = await call(created.headers.get('Location') ?? '', { cookie })
    const html = await done.text()
    expect(html).toContain('data-testid="metrika"')
    expect(html).toContain('ym(98765,"reachGoal","registrationEmail")')
    expect(done.headers.get('Content-Security-Policy')).toContain('https://mc.yandex.ru')
    cookie = cookiesOf(done, cookie)
    expect(cookie).not.toContain('goals=')

    // Once: the same page again reports nothing.
    const again = await (await call(created.headers.get('Location') ?? '', { cookie })).text()
    expect(again).not.toContain('reachGoal')

    const code = codeIn((await lastEmailTo(body.email))?.text ?? '')
    const confirmed = await call(created.headers.get('Location') ?? '', {
      method: 'POST',
      cookie,
      body: form({ email: body.email, code, intent: 'confirm' }),
    })
    expect(confirmed.status).toBe(302)
    cookie = cookiesOf(confirmed, cookie)
    const home = await (await call('/', { cookie })).text()
    expect(home).toContain('ym(98765,"reachGoal","codeConfirm")')
  })

  it('without a counter: no tag, no Metrika in the CSP, and the flash is still taken', async () => {
    const body = signupBody()
    const created = await call(
      '/signup',
      { method: 'POST', body: form({ ...body, isAgreementAccepted: 'on', passwordRepeat: body.password }) },
      null,
    )
    const cookie = cookiesOf(created)
    const done = await call(created.headers.get('Location') ?? '', { cookie }, null)
    const html = await done.text()
    expect(done.status).toBe(200)
    expect(html).not.toContain('data-testid="metrika"')
    expect(done.headers.get('Content-Security-Policy')).not.toContain('mc.yandex.ru')
    expect(cookiesOf(done, cookie)).not.toContain('goals=')
  })

  it('a forged goal in the URL or the cookie is ignored; a known one in the URL is reported', async () => {
    const html = await (await call('/login?goal=evil%22);alert(1);//&goal=login', { cookie: 'goals=nope.x' })).text()
    const tag = html.match(/<script[^>]*data-testid="metrika"[^>]*>(.*?)<\/script>/)?.[1] ?? ''
    expect(tag.match(/reachGoal","(\w+)"/g)).toEqual(['reachGoal","login"'])
  })
})
