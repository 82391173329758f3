import { describe, expect, it } from 'vitest'
import { RESUME_CHECK_AFTER_MS, checkVersionOnResume, isOutdated } from '#app/components/ui/app-version.ts'

describe('outdated app version (SPEC §8, ADR 0085)', () => {
  it('is an answer from another build than the page', () => {
    expect(isOutdated('a1', 'b2')).toBe(true)
    expect(isOutdated('a1', 'a1')).toBe(false)
  })

  it('is never guessed from a missing version', () => {
    expect(isOutdated(undefined, 'b2')).toBe(false)
    expect(isOutdated('a1', null)).toBe(false)
    expect(isOutdated('', '')).toBe(false)
  })
})

describe('the version check when a page comes back (ADR 0106)', () => {
  /** A window whose visibility and clock the test moves; counts the probes. */
  function page() {
    const listeners: Record<string, ((event: Event) => void)[]> = {}
    const on = (type: string, listener: (event: Event) => void) => {
      listeners[type] = [...(listeners[type] ?? []), listener]
    }
    const document = { visibilityState: 'visible' as DocumentVisibilityState, addEventListener: on }
    let clock = 0
    let probes = 0
    checkVersionOnResume(
      { addEventListener: on, document } as unknown as Parameters<typeof checkVersionOnResume>[0],
      async () => {
        probes++
        return null
      },
      () => clock,
    )
    const emit = (type: string, event: Event = new Event(type)) => {
      for (const listener of listeners[type] ?? []) listener(event)
    }
    return {
      hide: () => {
        document.visibilityState = 'hidden'
        emit('visibilitychange')
      },
      show: () => {
        document.visibilityState = 'visible'
        emit('visibilitychange')
      },
      wait: (ms: number) => {
        clock += ms
      },
      restored: (persisted: boolean) => emit('pageshow', Object.assign(new Event('pageshow'), { persisted })),
      probes: () => probes,
    }
  }

  it('asks the server once a page comes back after a while in the background', () => {
    const tab = page()
    tab.hide()
    tab.wait(RESUME_CHECK_AFTER_MS - 1)
    tab.show()
    expect(tab.probes()).toBe(0)
    tab.hide()
    tab.wait(RESUME_CHECK_AFTER_MS)
    tab.show()
    expect(tab.probes()).toBe(1)
    tab.show()
    expect(tab.probes()).toBe(1)
  })

  it('asks when the page is restored from the back-forward cache, not on an ordinary load', () => {
    const tab = page()
    tab.restored(false)
    expect(tab.probes()).toBe(0)
    tab.restored(true)
    expect(tab.probes()).toBe(1)
  })
})
