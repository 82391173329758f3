import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  dismissToast,
  durationFor,
  failedRequestTextKey,
  getToasts,
  showToast,
  toastWhile,
} from '#app/components/ui/toast.ts'

afterEach(() => {
  for (const item of getToasts()) dismissToast(item.id)
  vi.useRealTimers()
})

describe('toasts', () => {
  it('use the SPEC §9 timings', () => {
    expect(durationFor('info')).toBe(4000)
    expect(durationFor('error')).toBe(4000)
    expect(durationFor('success')).toBe(2000)
    expect(durationFor('info', true)).toBe(5000)
    expect(durationFor('loading')).toBe(Number.POSITIVE_INFINITY)
  })

  it('disappear after their time', () => {
    vi.useFakeTimers()
    showToast('saved', { kind: 'success' })
    expect(getToasts()).toHaveLength(1)
    vi.advanceTimersByTime(1999)
    expect(getToasts()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(getToasts()).toHaveLength(0)
  })

  it('show one toast per key at a time, restarting its time', () => {
    vi.useFakeTimers()
    const first = showToast('Latin letters only', { kind: 'error', key: 'latinOnly' })
    vi.advanceTimersByTime(3000)
    const again = showToast('Latin letters only', { kind: 'error', key: 'latinOnly' })
    expect(again).toBe(first)
    showToast('other')
    expect(getToasts().map((t) => t.text)).toEqual(['Latin letters only', 'other'])
    vi.advanceTimersByTime(3999)
    expect(getToasts().map((t) => t.text)).toContain('Latin letters only')
    vi.advanceTimersByTime(1)
    expect(getToasts().map((t) => t.text)).not.toContain('Latin letters only')
    expect(showToast('Latin letters only', { kind: 'error', key: 'latinOnly' })).not.toBe(first)
  })

  it('raised on a list page stay 5000 ms, even a success', () => {
    vi.useFakeTimers()
    showToast('archived', { kind: 'success', inList: true })
    vi.advanceTimersByTime(4999)
    expect(getToasts()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(getToasts()).toHaveLength(0)
  })

  it('keep at most 20, dropping the oldest', () => {
    for (let i = 0; i < 25; i++) showToast(`t${i}`)
    expect(getToasts()).toHaveLength(20)
    expect(getToasts()[0].text).toBe('t5')
  })

  it('show loading until the work is done', async () => {
    vi.useFakeTimers()
    let finish: () => void = () => {}
    const work = new Promise<void>((resolve) => {
      finish = resolve
    })
    const done = toastWhile(work, { loading: 'saving', success: 'saved', error: 'failed' })
    vi.advanceTimersByTime(60_000)
    expect(getToasts().map((t) => [t.kind, t.text])).toEqual([['loading', 'saving']])
    finish()
    await done
    expect(getToasts().map((t) => [t.kind, t.text])).toEqual([['success', 'saved']])
  })

  it('name the SPEC §8 network texts', () => {
    expect(failedRequestTextKey({ network: true })).toBe('toast.serverUnavailable')
    expect(failedRequestTextKey({ status: 429 })).toBe('toast.tooManyRequests')
    expect(failedRequestTextKey({ status: 503 })).toBe('toast.serviceUnavailable')
    expect(failedRequestTextKey({ status: 400 })).toBeNull()
  })
})
