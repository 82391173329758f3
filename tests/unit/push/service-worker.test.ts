import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'

/**
 * public/push-sw.js run in a bare context standing in for the service worker's global scope: what it shows for
 * a push and which page a click opens (SPEC §3 actions, same-origin only).
 */
const source = readFileSync(new URL('../../../public/push-sw.js', import.meta.url), 'utf8')
const ORIGIN = 'https://app.example'

type Handler = (event: Record<string, unknown>) => void

function worker(windows: { url: string; focused: boolean }[] = []) {
  const handlers = new Map<string, Handler>()
  const shown: { title: string; options: { body: string; data: { link: string } } }[] = []
  const opened: string[] = []
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: () => undefined,
    registration: {
      showNotification: async (title: string, options: { body: string; data: { link: string } }) => {
        shown.push({ title, options })
      },
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () =>
        windows.map((w) => ({
          url: w.url,
          focus: async () => {
            w.focused = true
          },
        })),
      openWindow: async (url: string) => {
        opened.push(url)
      },
    },
  }
  runInNewContext(source, { self, URL, Object })
  const waits: Promise<unknown>[] = []
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) })
    await Promise.all(waits)
  }
  const push = (message: unknown) =>
    dispatch('push', { data: { json: () => message, text: () => JSON.stringify(message) } })
  const click = async () => {
    const last = shown.at(-1)!
    let closed = false
    await dispatch('notificationclick', { notification: { data: last.options.data, close: () => (closed = true) } })
    return closed
  }
  return { shown, opened, push, click }
}

describe('the push service worker', () => {
  it('shows the FCM notification and opens the meeting of SPEC §3 openEventOrganizer on a click', async () => {
    const sw = worker()
    await sw.push({
      notification: { title: 'New booking: “Consultation”', body: 'Paul — 10:00' },
      data: { onClickActionName: 'openEventOrganizer', onClickActionValue: 'm 1' },
      fcmOptions: { link: `${ORIGIN}/meetings/other` },
    })
    expect(sw.shown[0].title).toBe('New booking: “Consultation”')
    expect(sw.shown[0].options.body).toBe('Paul — 10:00')
    expect(await sw.click()).toBe(true)
    expect(sw.opened).toEqual([`${ORIGIN}/meetings/m%201`])
  })

  it('maps each SPEC §3 action to its page', async () => {
    const cases: [string, string, string][] = [
      ['openEventClient', 'x', '/meetings/myMeetings/x'],
      ['changePassword', '', '/profile?changePassword=1'],
      ['navigate', '/notification-center', '/notification-center'],
    ]
    for (const [name, value, path] of cases) {
      const sw = worker()
      await sw.push({ notification: { title: 't' }, data: { onClickActionName: name, onClickActionValue: value } })
      await sw.click()
      expect(sw.opened).toEqual([`${ORIGIN}${path}`])
    }
  })

  it('falls back to the FCM link, and never opens another site', async () => {
    const linked = worker()
    await linked.push({ notification: { title: 't' }, fcmOptions: { link: `${ORIGIN}/meetings/m-2` } })
    await linked.click()
    expect(linked.opened).toEqual([`${ORIGIN}/meetings/m-2`])
    for (const message of [
      { notification: { title: 't' }, fcmOptions: { link: 'https://evil.example/phish' } },
      { notification: { title: 't' }, data: { onClickActionName: 'navigate', onClickActionValue: '//evil.example' } },
      { notification: { title: 't' }, data: { onClickActionName: 'constructor', onClickActionValue: 'x' } },
    ]) {
      const sw = worker()
      await sw.push(message)
      await sw.click()
      expect(sw.opened).toEqual([`${ORIGIN}/`])
    }
  })

  it('focuses a window already showing the page instead of opening another', async () => {
    const windows = [{ url: `${ORIGIN}/meetings/m-3`, focused: false }]
    const sw = worker(windows)
    await sw.push({ notification: { title: 't' }, fcmOptions: { link: `${ORIGIN}/meetings/m-3` } })
    await sw.click()
    expect(sw.opened).toEqual([])
    expect(windows[0].focused).toBe(true)
  })
})
