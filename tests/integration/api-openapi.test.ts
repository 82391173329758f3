import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { api } from '#workers/api/index.ts'
import { openApiPath } from '#workers/api/openapi/document.ts'
import { OPERATIONS } from '#workers/api/openapi/operations.ts'
import { checkAnswer } from './helpers/openapi-check.ts'

/** `METHOD /path` of every handler under a version prefix (middleware is registered as ALL). */
function routedOperations(version: string): Set<string> {
  const prefix = `/api/${version}/`
  const routed = new Set<string>()
  for (const route of api.routes) {
    if (route.method === 'ALL' || !route.path.startsWith(prefix)) continue
    routed.add(`${route.method} ${openApiPath(route.path.slice(prefix.length - 1))}`)
  }
  return routed
}

type Document = {
  openapi: string
  info: { description: string }
  paths: Record<string, Record<string, { operationId: string; summary: string; tags: string[] }>>
}

async function document(language: string) {
  const response = await SELF.fetch('http://localhost/api/openapi.json', { headers: { 'Accept-Language': language } })
  expect(response.status).toBe(200)
  return (await response.json()) as Document
}

describe('OpenAPI document (issue 17, ADR 0104)', () => {
  it('documents every routed operation, and routes every documented one', async () => {
    const routed = routedOperations('v2')
    // Every version prefix answers the same routes (API-CONTRACT.md), so one document describes them all.
    expect(routedOperations('v3')).toEqual(routed)
    expect(routedOperations('v4')).toEqual(routed)
    const doc = await document('en')
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    )
    expect(routed.size).toBeGreaterThan(140)
    expect(
      [...routed].filter((op) => !documented.has(op)),
      'routes missing from the document',
    ).toEqual([])
    expect(
      [...documented].filter((op) => !routed.has(op)),
      'documented operations no route answers',
    ).toEqual([])
    const ids = OPERATIONS.map((op) => op.operationId)
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length)
  })

  it('is OpenAPI 3.1 in both languages, with the client rules in its description', async () => {
    const [ru, en] = [await document('ru'), await document('en')]
    expect(ru.openapi).toBe('3.1.0')
    expect(en.paths['/eventTypes'].get.summary).toBe('Event types (paged)')
    expect(ru.paths['/eventTypes'].get.summary).toBe('Типы событий (страницами)')
    for (const rule of ['Retry-After', 'Idempotency-Key', '/identity/refresh/token', 'Accept-Language'])
      expect(en.info.description).toContain(rule)
    expect(ru.info.description).toContain('повторите')
    const book = en.paths['/public/{login}/eventTypes/{eventLink}/events'].post as unknown as {
      parameters: { name: string; in: string }[]
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } }
      responses: Record<string, unknown>
    }
    expect(book.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:login', 'path:eventLink', 'header:Idempotency-Key']),
    )
    expect(book.requestBody.content['application/json'].schema.required).toContain('contactInfo')
    expect(Object.keys(book.responses)).toEqual(expect.arrayContaining(['201', '200', '400', '409', '429']))
    // ?lang= picks the language whatever the header says.
    const asked = await SELF.fetch('http://localhost/api/openapi.json?lang=ru', {
      headers: { 'Accept-Language': 'en' },
    })
    expect(((await asked.json()) as Document).paths['/eventTypes'].get.summary).toBe('Типы событий (страницами)')
  })

  it('serves the reference page with its script from our own assets', async () => {
    const response = await SELF.fetch('http://localhost/api/docs?lang=en')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('data-url="/api/openapi.json?lang=en"')
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1])
    expect(scripts).toEqual(['/vendor/scalar/standalone.js'])
    // The build put the script among the static assets (Workers Static Assets serve it before the Worker runs).
    const assets = (env as unknown as { ASSETS?: Fetcher }).ASSETS
    expect(assets, 'the ASSETS binding').toBeDefined()
    const script = await assets!.fetch('http://localhost/vendor/scalar/standalone.js')
    expect(script.status).toBe(200)
    expect((await script.text()).length).toBeGreaterThan(1_000_000)
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/https?:\/\/[^ ;]*scalar|cdn\./)
  })

  it('the answer check fails on a shape or status the document does not describe', () => {
    const ok = {
      isOk: true,
      data: [{ day: '01.03.2027', from: '09:00', to: '09:30', start: 'x', end: 'y', seatsLeft: 1 }],
      apiErrors: [],
    }
    expect(() => checkAnswer('GET', '/api/v2/public/a/eventTypes/b/slots/2027/3/1', 200, ok)).not.toThrow()
    const wrong = { ...ok, data: [{ ...ok.data[0], seatsLeft: 'one' }] }
    expect(() => checkAnswer('GET', '/api/v2/public/a/eventTypes/b/slots/2027/3/1', 200, wrong)).toThrow(/seatsLeft/)
    expect(() => checkAnswer('GET', '/api/v2/public/a/eventTypes/b/slots/2027/3/1', 201, ok)).toThrow(/status/)
    const error = { isOk: false, data: null, apiErrors: [] }
    expect(() => checkAnswer('GET', '/api/v2/profile', 401, error)).toThrow(/apiErrors/)
    expect(() => checkAnswer('GET', '/api/v2/profile', 401, { ...error, apiErrors: [{ text: 'Нет' }] })).not.toThrow()
    expect(() => checkAnswer('POST', '/api/v2/no/such/route', 200, ok)).toThrow(/no such operation/)
  })
})
