import { useEffect, useSyncExternalStore } from 'react'
import type { EventPageData } from './event-page.tsx'

/**
 * Messages to the page that frames the booking flow (docs/booking.md "Widget events"), like Calendly's embed
 * events: `fastslot:height` on every size change, `fastslot:slotsHeld` when the client chose times and reached
 * the form, `fastslot:booked` on success. Sent only when the page is inside a frame.
 */
export function useWidgetBridge(data: EventPageData) {
  useEffect(() => {
    if (window.parent === window) return
    const post = (message: Record<string, unknown>) =>
      window.parent.postMessage({ source: 'fastslot', ...message }, '*')
    const event = { login: data.event.organizer.login, eventLink: data.event.link }
    if (data.step === 'form') {
      post({
        type: 'fastslot:slotsHeld',
        ...event,
        slots: data.chosen.map((c) => ({ start: new Date(c.start).toISOString() })),
      })
    }
    if (data.step === 'success') {
      post({
        type: 'fastslot:booked',
        ...event,
        bookingId: data.success.bookingId,
        meetingIds: data.success.meetingIds,
        slots: data.success.items.map((c) => ({ start: new Date(c.start).toISOString() })),
      })
    }
    let last = 0
    // The content's own height: the document is never shorter than the frame, so it cannot report shrinking.
    const main = document.querySelector('[data-testid="event-page"]') ?? document.body
    const report = () => {
      const height = Math.ceil(main.getBoundingClientRect().bottom + window.scrollY)
      if (height !== last) {
        last = height
        post({ type: 'fastslot:height', height })
      }
    }
    report()
    const observer = new ResizeObserver(report)
    observer.observe(main)
    return () => observer.disconnect()
  }, [data])
}

const noSubscription = () => () => {}

/**
 * Whether the page runs inside a frame (SPEC §2: then it is the widget). The server tells from `Sec-Fetch-Dest:
 * iframe` on document requests; this covers browsers that do not send it and data requests of client navigations.
 * False while hydrating (as the server rendered), then the truth.
 */
export function useInFrame(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => window.self !== window.top,
    () => false,
  )
}
