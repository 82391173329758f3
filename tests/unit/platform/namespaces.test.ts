import { describe, expect, it } from 'vitest'
import { resources } from '#app/i18n/config.ts'
import { NAMESPACES, pickNamespaces, routeNamespaces } from '#app/i18n/namespaces.ts'

describe('routeNamespaces (docs/decisions/0079-namespaces-per-route.md)', () => {
  it('joins the matched routes’ declarations to common and api, in one order', () => {
    expect(
      routeNamespaces([
        { id: 'root' },
        { id: 'routes/a', handle: { i18n: ['booking', 'validation'] } },
        { id: 'routes/a.b', handle: { i18n: ['validation', 'accounts'] } },
      ]),
    ).toEqual(['common', 'api', 'validation', 'accounts', 'booking'])
  })

  it('reads a declaration that depends on the route’s data', () => {
    const handle = { i18n: (data: unknown) => ((data as { step: string }).step === 'success' ? ['accounts'] : []) }
    expect(routeNamespaces([{ id: 'root' }, { id: 'r', handle, data: { step: 'form' } }])).toEqual(['common', 'api'])
    expect(routeNamespaces([{ id: 'root' }, { id: 'r', handle, data: { step: 'success' } }])).toEqual([
      'common',
      'api',
      'accounts',
    ])
  })

  it('gives every namespace when a matched route declares none', () => {
    expect(routeNamespaces([{ id: 'root' }, { id: 'routes/x', handle: { i18n: ['booking'] } }, { id: 'y' }])).toEqual([
      ...NAMESPACES,
    ])
    expect(routeNamespaces([{ id: 'root' }])).toEqual(['common', 'api'])
  })

  it('names exactly the translation files of both languages', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(resources.ru).sort())
    expect([...NAMESPACES].sort()).toEqual(Object.keys(resources.en).sort())
    expect(Object.keys(pickNamespaces(resources.ru, ['booking', 'common']))).toEqual(['booking', 'common'])
  })
})
