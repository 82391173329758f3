/*
 * FastSlot's push service worker (issue 8, ADR 0041). Firebase Cloud Messaging delivers the server's messages
 * (app/server/notify/push.server.ts: `notification` {title, body}, `webpush.fcm_options.link`, and the SPEC §3
 * action in `data`) to this worker, which shows them and opens their page on a click. No Firebase code here: the
 * page's Firebase SDK subscribed with this worker's registration.
 */
const ACTIONS = {
  openEventOrganizer: (value) => `/meetings/${encodeURIComponent(value)}`,
  openEventClient: (value) => `/meetings/myMeetings/${encodeURIComponent(value)}`,
  changePassword: () => '/profile?changePassword=1',
  navigate: (value) => value,
}

/** Only a page of this site is opened; anything else goes to the home page. */
function sameOrigin(href) {
  try {
    const url = new URL(href, self.location.origin)
    return url.origin === self.location.origin ? url.href : `${self.location.origin}/`
  } catch {
    return `${self.location.origin}/`
  }
}

/** Where a click leads: the SPEC §3 action when present, else the message's link, else the home page. */
function linkOf(message) {
  const data = message.data || {}
  const action = Object.hasOwn(ACTIONS, data.onClickActionName) ? ACTIONS[data.onClickActionName] : null
  if (action && typeof data.onClickActionValue === 'string') return sameOrigin(action(data.onClickActionValue))
  const link = message.fcmOptions?.link || data.link || message.notification?.click_action
  return sameOrigin(typeof link === 'string' ? link : '/')
}

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {
    message = { notification: { body: event.data ? event.data.text() : '' } }
  }
  const notification = message.notification || {}
  const title = notification.title || message.data?.title || 'FastSlot'
  event.waitUntil(
    self.registration.showNotification(title, {
      body: notification.body || message.data?.body || '',
      icon: '/favicon.svg',
      tag: message.fcmMessageId || undefined,
      data: { link: linkOf(message) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const link = event.notification.data?.link || `${self.location.origin}/`
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === link && 'focus' in client)
      if (open) return open.focus()
      return self.clients.openWindow(link)
    }),
  )
})
