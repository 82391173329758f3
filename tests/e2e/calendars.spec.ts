import { type Page, expect, test } from '@playwright/test'
import { mkcalendar, putObject, vcalendar } from '../caldav/dav.ts'
import type { CalDavServer } from '../caldav/servers.ts'
import { bookThroughApi, freeSlots, mailTo, setLanguage, signInDemo, soon, uniqueEmail } from './helpers.ts'
import { localRadicale } from './radicale.ts'

/**
 * Issue 14 "Done when", in the browser: the demo specialist connects a real Radicale through the CalDAV card and
 * through the Yandex card (YANDEX_CALDAV_URL points at the same server: tests/e2e/server.ts), chooses which calendars
 * block time and which one receives bookings; a weekly event there removes exactly its slots from the public page
 * after a refresh; a guest's booking is written into Radicale and its cancel removes it; with Radicale stopped a
 * refresh turns the card's border red while the slots still come from the last sync. Both integrations are deleted
 * at the end, so the demo's other specs see no outside calendar.
 */
test.describe.configure({ timeout: 180_000 })

const TEXTS = {
  ru: {
    open: 'Подключить',
    url: 'Адрес сервера',
    login: 'Логин',
    yandexLogin: 'Логин Яндекса',
    password: 'Пароль',
    appPassword: 'Пароль приложения',
    deleteConfirm: 'Да, удалить',
    delete: 'Удалить',
  },
  en: {
    open: 'Connect',
    url: 'Server address',
    login: 'Login',
    yandexLogin: 'Yandex login',
    password: 'Password',
    appPassword: 'App password',
    deleteConfirm: 'Yes, delete',
    delete: 'Delete',
  },
} as const

const HOUR = 3_600_000
const icsUtc = (at: number) => `${new Date(at).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`

/** Every free consultation start over the next weeks (the demo works Mon-Fri 09:00-18:00 Moscow). */
const iso = (at: number | string) => new Date(at).toISOString()
const starts = async (page: Page) =>
  (await freeSlots(page.request, 'consultation', 400, soon() + 24 * HOUR)).map((slot) => iso(slot.start))

/** Lists the objects of a calendar with their text (REPORT calendar-query). */
async function objectsOf(server: CalDavServer, calendar: string): Promise<string[]> {
  const response = await fetch(calendar, {
    method: 'REPORT',
    headers: {
      Authorization: `Basic ${btoa(`${server.login}:${server.password}`)}`,
      Depth: '1',
      'Content-Type': 'application/xml; charset=utf-8',
    },
    body: `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/></D:prop>
<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"/></C:comp-filter></C:filter></C:calendar-query>`,
  })
  const body = await response.text()
  return [...body.matchAll(/BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/g)].map((m) => m[0].replace(/\r?\n[ \t]/g, ''))
}

/** Deletes whatever calendar integrations the demo has (a failed run may have left some). */
async function deleteIntegrations(page: Page, language: 'ru' | 'en') {
  await page.goto('/integrations')
  const items = page.getByTestId('calendar-integration')
  while ((await items.count()) > 0) {
    const item = items.first()
    const before = await items.count()
    await item.locator('summary', { hasText: TEXTS[language].delete }).click()
    await item.getByTestId('integration-delete').click()
    await expect(items).toHaveCount(before - 1)
  }
}

async function connect(page: Page, provider: 'caldav' | 'yandex', fields: [string, string][], language: 'ru' | 'en') {
  const card = page.getByTestId(`calendar-${provider}`)
  await card.getByTestId(`connect-${provider}`).locator('summary').click()
  const form = card.getByTestId(`connect-form-${provider}`)
  for (const [label, value] of fields) await form.getByLabel(label, { exact: true }).fill(value)
  await form.getByRole('button', { name: TEXTS[language].open, exact: true }).click()
  await expect(card.getByTestId('calendar-integration')).toHaveCount(1)
  return card.getByTestId('calendar-integration')
}

for (const language of ['ru', 'en'] as const) {
  test(`(${language}) a specialist's Radicale blocks the slots of its weekly event, receives a booking and loses its cancel`, async ({
    page,
  }) => {
    const t = TEXTS[language]
    const account = { login: `demo-${language}`, password: `radicale-${language}-secret` }
    const radicale = await localRadicale({ [account.login]: account.password })
    try {
      const server: CalDavServer = {
        name: 'radicale',
        url: radicale.url,
        home: `${radicale.url}${account.login}/`,
        ...account,
      }
      const work = await mkcalendar(server, { displayName: 'Work' })
      const personal = await mkcalendar(server, { displayName: 'Personal' })

      // A weekly hour, three times, on a day whose 10:00 (Moscow) is free now.
      const before = await starts(page)
      const ten = before.find((start) => new Date(start).getUTCHours() === 7 && new Date(start).getUTCMinutes() === 0)
      expect(ten, 'a free 10:00 Moscow consultation').toBeTruthy()
      const first = Date.parse(ten ?? '')
      await putObject(
        server,
        `${work}weekly.ics`,
        vcalendar([
          'BEGIN:VEVENT',
          `UID:weekly-${language}@radicale`,
          'DTSTAMP:20260101T000000Z',
          `DTSTART:${icsUtc(first)}`,
          `DTEND:${icsUtc(first + HOUR)}`,
          'RRULE:FREQ=WEEKLY;COUNT=3',
          'SUMMARY:Weekly planning',
          'END:VEVENT',
        ]),
      )
      // A personal event that must not block anything: its calendar is switched off below.
      await putObject(
        server,
        `${personal}gym.ics`,
        vcalendar([
          'BEGIN:VEVENT',
          `UID:gym-${language}@radicale`,
          'DTSTAMP:20260101T000000Z',
          `DTSTART:${icsUtc(first + 3 * HOUR)}`,
          `DTEND:${icsUtc(first + 4 * HOUR)}`,
          'SUMMARY:Gym',
          'END:VEVENT',
        ]),
      )

      await signInDemo(page)
      if (language === 'en') await setLanguage(page, 'en')
      await deleteIntegrations(page, language)
      const caldav = await connect(
        page,
        'caldav',
        [
          [t.url, radicale.url],
          [t.login, account.login],
          [t.password, account.password],
        ],
        language,
      )
      await expect(caldav.getByTestId('integration-sync')).toHaveAttribute('data-status', 'success')
      const yandex = await connect(
        page,
        'yandex',
        [
          [t.yandexLogin, account.login],
          [t.appPassword, account.password],
        ],
        language,
      )
      await expect(yandex.getByTestId('integration-calendar')).toHaveCount(2)

      // Only the CalDAV card's Work calendar blocks time; bookings go to it.
      for (const card of [caldav, yandex]) {
        for (const name of card === caldav ? ['Personal'] : ['Work', 'Personal']) {
          const row = card.getByTestId('integration-calendar').filter({ hasText: name })
          await row.getByTestId('busy-toggle').click()
          await expect(row.getByTestId('busy-toggle')).toHaveAttribute('aria-checked', 'false')
        }
      }
      const workRow = caldav.getByTestId('integration-calendar').filter({ hasText: 'Work' })
      // The first writable calendar may already be the target (connecting chooses one when none is set). Otherwise
      // choosing is saving (the radio submits its form): wait for that post before reloading.
      const radio = workRow.getByTestId('write-target')
      if (!(await radio.isChecked())) {
        await Promise.all([
          page.waitForResponse(
            (response) => response.request().method() === 'POST' && response.url().includes('/integrations'),
          ),
          radio.check(),
        ])
      }
      await page.reload()
      await expect(
        caldav.getByTestId('integration-calendar').filter({ hasText: 'Work' }).getByTestId('write-target'),
      ).toBeChecked()
      await caldav.getByTestId('integration-refresh').click()
      await expect(caldav.getByTestId('integration-sync')).toHaveAttribute('data-status', 'success')

      // Exactly the slots the weekly hour overlaps are gone (30-minute slots: 10:00 and 10:30, three weeks).
      const blocked = [0, 7, 14].flatMap((week) => [0, 0.5].map((h) => iso(first + week * 24 * HOUR + h * HOUR)))
      const until = (list: string[]) => list.filter((start) => Date.parse(start) <= first + 15 * 24 * HOUR)
      const after = await starts(page)
      expect(until(after)).toEqual(until(before).filter((start) => !blocked.includes(start)))
      expect(until(before).filter((start) => blocked.includes(start))).toHaveLength(6)

      // A guest books; the cron's minute writes the meeting into Work.
      const guest = {
        firstName: 'Гость',
        lastName: `Календарев${language}`,
        email: uniqueEmail(`calendar-${language}`),
      }
      const slot = after.find((start) => Date.parse(start) > first + 2 * HOUR) ?? ''
      await bookThroughApi(page.request, 'consultation', slot, guest, language)
      // Fires the cron's minute (routing and delivering calendar writes), then looks for the guest's meeting in Work.
      const inWorkAfterCronMinute = async () => {
        await page.request.get('/__scheduled?cron=*+*+*+*+*')
        return (await objectsOf(server, work)).some((ics) => ics.includes(guest.email))
      }
      await expect.poll(inWorkAfterCronMinute, { timeout: 30_000 }).toBe(true)
      expect((await objectsOf(server, personal)).some((ics) => ics.includes(guest.email))).toBe(false)

      // The guest cancels through the email link; the next minute removes the event.
      const confirmation = await mailTo(page.request, guest.email)
      const link = confirmation.text.match(/\/booking\/manage\/[^\s]+/)?.[0] ?? ''
      const guestPage = await page.context().browser()?.newPage()
      if (!guestPage) throw new Error('no browser')
      await guestPage.goto(new URL(link, page.url()).toString())
      await guestPage.getByTestId('manage-cancel').click()
      await guestPage.getByRole('dialog').getByTestId('manage-cancel-confirm').click()
      await expect(guestPage.getByTestId('manage-done')).toBeVisible()
      await guestPage.close()
      await expect.poll(inWorkAfterCronMinute, { timeout: 30_000 }).toBe(false)

      // Radicale stops: a refresh fails, the card's border turns red, the slots still come from the last sync.
      await radicale.stopServer()
      await page.goto('/integrations')
      await caldav.getByTestId('integration-refresh').click()
      await expect(caldav).toHaveAttribute('data-error', 'true')
      await expect(caldav.getByTestId('integration-sync')).toHaveAttribute('data-status', 'fail')
      await expect(caldav).toHaveClass(/border-error/)
      const stale = await starts(page)
      for (const gone of blocked) expect(stale).not.toContain(gone)

      // Both integrations go; their busy times stop counting at once.
      for (const card of [caldav, yandex]) {
        await card.locator('summary', { hasText: t.delete }).click()
        await card.getByTestId('integration-delete').click()
        await expect(card).toHaveCount(0)
      }
      expect(await starts(page)).toContain(blocked[0])
    } finally {
      await deleteIntegrations(page, language).catch(() => {})
      await radicale.close()
      if (language === 'en') await setLanguage(page, 'ru').catch(() => {})
    }
  })
}
