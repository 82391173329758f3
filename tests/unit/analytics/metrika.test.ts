import { describe, expect, it } from 'vitest'
import { metrikaScript } from '#app/components/analytics.tsx'
import { METRIKA_COUNTER_PATTERN, isAnalyticsGoal } from '#app/domain/analytics.ts'
import { contentSecurityPolicy, METRIKA_ORIGIN } from '#workers/security-headers.ts'

describe('Metrika in the CSP (SPEC §1 analytics goals)', () => {
  it('allows the tag and its beacons only when a counter is configured', () => {
    const without = contentSecurityPolicy('n', false)
    expect(without).not.toContain(METRIKA_ORIGIN)
    const withCounter = contentSecurityPolicy('n', false, true)
    const directive = (name: string) => withCounter.split('; ').find((part) => part.startsWith(`${name} `)) ?? ''
    expect(directive('script-src')).toContain(METRIKA_ORIGIN)
    expect(directive('script-src')).toContain("'nonce-n'")
    expect(directive('connect-src')).toContain(METRIKA_ORIGIN)
  })
})

describe('the tag script', () => {
  it('queues init and goals behind a guard, so a blocked tag throws nothing', () => {
    const script = metrikaScript('123', ['login', 'createEvent'])
    expect(script.startsWith('try{')).toBe(true)
    expect(script.endsWith('}catch(e){}')).toBe(true)
    expect(script).toContain('ym(123,"init"')
    expect(script).toContain('ym(123,"reachGoal","login");ym(123,"reachGoal","createEvent");')
    // Run it where the tag never arrives (blocked): the calls queue up and nothing throws.
    const fakeWindow: Record<string, unknown> = {}
    new Function('window', script.replaceAll(/(?<!\.)ym\(/g, 'window.ym('))(fakeWindow)
    expect((fakeWindow.ym as { a: unknown[] }).a).toHaveLength(3)
  })

  it('takes digits only as the counter and only listed goals', () => {
    expect(METRIKA_COUNTER_PATTERN.test('12345')).toBe(true)
    expect(METRIKA_COUNTER_PATTERN.test('1);alert(1')).toBe(false)
    expect(isAnalyticsGoal('tariffPayment')).toBe(true)
    expect(isAnalyticsGoal('"x')).toBe(false)
  })
})
