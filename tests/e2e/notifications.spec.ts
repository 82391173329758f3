import { randomUUID } from 'node:crypto'
import { type Server, createServer } from 'node:http'
import { expect, test } from '@playwright/test'
import { DEMO } from '../../db/seed.ts'
import { FakeBotApi, telegramUpdate } from '../fakes/telegram-bot-api.ts'
import { bookOnPublicPage, freeSlots, mailTo, signInDemo, sql, uniqueEmail } from './helpers.ts'

/**
 * Issue 8 in the browser: the demo specialist connects the Telegram bot (fake Bot API), a client books a meeting on
 * the public page, the reminder cron sends its due reminders, the specialist sees their statuses and reads the
 * notification center.
 */
const port = Number(process.env.E2E_PORT ?? '8799')
const bot = new FakeBotApi('e2e-bot-token')
let server: Server

test.beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const answer = await bot.handle(
      new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: { 'Content-Type': 'application/json' },
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      }),
    )
    res.writeHead(answer.status, { 'Content-Type': 'application/json' })
    res.end(await answer.text())
  })
  await new Promise<void>((resolve) => server.listen(port + 1000, '127.0.0.1', resolve))
})
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

// The specialist's browser sits far from their profile's zone (Europe/Moscow): dates must still read in the profile
// zone, on the server and after hydration alike.
test.use({ timezoneId: 'America/New_York' })

const moscowTime = (iso: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Moscow',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  )
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`
}

test('a client books, the cron sends the due reminders; the specialist sees their statuses and notifications', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000)
  const run = randomUUID().slice(0, 8)
  const client = { firstName: 'Мария', lastName: `Клиентова${run}`, email: uniqueEmail('reminded') }
  const clientName = `${client.firstName} ${client.lastName}`
  const chatId = 400000 + Math.floor(Math.random() * 100000)
  // Earlier specs' notices are read and the bot unbound, so the badge and the chat show this test's only.
  sql(
    `DELETE FROM telegram_bindings WHERE user_id = '${DEMO.userId}';
     UPDATE notifications SET read_at = 0 WHERE user_id = '${DEMO.userId}' AND read_at IS NULL;`,
  )

  // A client books the consultation on the public page, in English, in their own browser: the first free start at
  // least two hours ahead, so the booking plans its 60-minute reminders whatever the time of day.
  const [slot] = await freeSlots(request, 'consultation', 1, Date.now() + 2 * 60 * 60_000)
  const clientContext = await browser.newContext()
  await bookOnPublicPage(await clientContext.newPage(), 'consultation', client, 'en', slot)
  await clientContext.close()

  const viewport = page.viewportSize() ?? { width: 1280, height: 800 }
  await signInDemo(page)
  await page.goto('/integrations/tgBot')
  await expect(page.getByRole('heading', { name: 'Telegram-бот' })).toBeVisible()
  await expect(page.getByTestId('tg-status')).toHaveText('Не подключён')
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Подключить' }).click()
  const deepLink = page.getByTestId('tg-deep-link')
  await expect(deepLink).toBeVisible()
  const href = (await deepLink.getAttribute('href')) ?? ''
  const start = new URL(href).searchParams.get('start') ?? ''
  expect(href.startsWith('https://t.me/fastslot_e2e_bot?start=')).toBe(true)

  // Telegram delivers the user's /start to the webhook with the secret-token header.
  const refused = await request.post('/api/v2/tgBot/webhook', {
    data: telegramUpdate(chatId, `/start ${start}`),
    headers: { 'X-Telegram-Bot-Api-Secret-Token': 'wrong' },
  })
  expect(refused.status()).toBe(401)
  const accepted = await request.post('/api/v2/tgBot/webhook', {
    data: telegramUpdate(chatId, `/start ${start}`, 'anna_demo'),
    headers: { 'X-Telegram-Bot-Api-Secret-Token': 'e2e-webhook-secret' },
  })
  expect(accepted.status()).toBe(200)
  await expect
    .poll(() => bot.sent.filter((m) => m.chatId === String(chatId)).map((m) => m.text))
    .toEqual([expect.stringContaining('Бот FastSlot подключён')])

  await page.getByRole('button', { name: 'Я нажал «Start» — обновить' }).click()
  await expect(page.getByTestId('tg-status')).toHaveText('Подключён')
  await expect(page.getByText('Чат: @anna_demo')).toBeVisible()

  // The notification center: the badge counts the booking's notice; opening it reads it and leads to the meeting.
  await expect(page.getByTestId('notification-count')).toHaveText('1')
  await page.getByTestId('notification-badge').click()
  await expect(page).toHaveURL(/\/notification-center$/)
  const notice = page.getByTestId('notification').filter({ hasText: clientName })
  await expect(notice).toContainText('Новая запись: «Консультация»')
  await expect(notice).toHaveAttribute('data-read', 'false')
  await page.waitForLoadState('networkidle')
  // A click while the list re-renders (the badge's count refresh) can be lost: click again until it navigates.
  await expect(async () => {
    if (!/\/meetings\//.test(page.url())) await notice.getByRole('button', { name: /Открыть/ }).click({ timeout: 2000 })
    await expect(page).toHaveURL(/\/meetings\/[^/]+$/, { timeout: 3000 })
  }).toPass({ timeout: 30_000 })
  const meetingId = new URL(page.url()).pathname.split('/').pop() ?? ''
  await expect(page.getByTestId('meeting-detail')).toContainText(client.email)

  // The booking planned the reminders (client and specialist); none is due yet.
  const statuses = page.getByTestId('reminder-status')
  const planned = await statuses.count()
  expect(planned).toBeGreaterThanOrEqual(2)
  await expect(page.locator('[data-testid="reminder-status"] [data-status="scheduled"]')).toHaveCount(planned)
  await expect(statuses.filter({ hasText: `Клиент: ${clientName}` }).first()).toBeVisible()

  // The one step no page can do: the booked meeting (with its reminders) moves to start in an hour less five
  // seconds, so its 60-minute reminders are due now.
  const startAt = Date.now() + 60 * 60_000 - 5_000
  sql(
    `UPDATE reminders SET due_at = due_at + ${startAt} - (SELECT start_at FROM meetings WHERE id = '${meetingId}')
       WHERE meeting_id = '${meetingId}';
     UPDATE meetings SET end_at = end_at - start_at + ${startAt}, start_at = ${startAt} WHERE id = '${meetingId}';`,
  )

  // The every-minute cron (wrangler dev --test-scheduled) sends what is due; a reminder settles as "sent" once its
  // messages are delivered, by the next run at the latest.
  await expect(async () => {
    const cron = await request.get('/__scheduled?cron=*+*+*+*+*')
    expect(cron.ok()).toBe(true)
    await page.goto(`/meetings/${meetingId}`)
    await expect(page.locator('[data-testid="reminder-status"] [data-status="sent"]')).toHaveCount(planned, {
      timeout: 1000,
    })
  }).toPass({ timeout: 30_000 })
  await expect(page.getByText(/Telegram: доставлено/).first()).toBeVisible()
  await expect(page.getByText(/Email: доставлено/).first()).toBeVisible()

  // The client's reminder in their language, with the self-service link; the specialist's in Telegram.
  const reminder = await mailTo(page.request, client.email, (m) => m.subject.startsWith('Reminder: “Консультация”'))
  expect(reminder.text).toContain('A reminder of your meeting “Консультация” with Анна Демидова')
  expect(reminder.text).toMatch(/Cancel or reschedule: http:\/\/localhost:\d+\/booking\/manage\//)
  await expect
    .poll(
      () =>
        bot.sent.filter(
          (m) => m.chatId === String(chatId) && m.text.includes('Напоминаем') && m.text.includes(clientName),
        ).length,
    )
    .toBeGreaterThanOrEqual(1)
  // Sent once: another cron run sends nothing more.
  const sentBefore = bot.sent.length
  expect((await request.get('/__scheduled?cron=*+*+*+*+*')).ok()).toBe(true)
  await page.reload()
  await expect(page.locator('[data-testid="reminder-status"] [data-status="sent"]')).toHaveCount(planned)
  expect(bot.sent.length).toBe(sentBefore)
  expect(
    ((await page.request.get('/dev/mail.json').then((r) => r.json())) as { to: string; subject: string }[]).filter(
      (m) => m.to === client.email && m.subject.startsWith('Reminder'),
    ).length,
  ).toBe(planned / 2)

  // The notice is read now, and the badge is gone; its date reads in the profile's zone once hydrated.
  await page.goto('/notification-center')
  const readNotice = page.getByTestId('notification').filter({ hasText: clientName })
  await expect(readNotice).toHaveAttribute('data-read', 'true')
  await expect(page.getByTestId('notification-count')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
  const time = readNotice.locator('time')
  await expect(time).toHaveText(moscowTime((await time.getAttribute('datetime')) ?? ''))

  // The development page shows the Telegram messages.
  await page.goto('/dev/messages')
  await expect(page.getByTestId('dev-message').filter({ hasText: clientName }).first()).toBeVisible()
  // The development mailbox fits a 390 px screen: long links wrap.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dev/mail')
  await expect(page.getByTestId('dev-mail-item').first()).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize(viewport)

  // In English, and disconnecting.
  await page.goto('/integrations/tgBot')
  await page.getByTestId('language-switch').click()
  await expect(page.getByTestId('tg-status')).toHaveText('Enabled')
  // The confirmation opens once the page has hydrated.
  await expect(async () => {
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1000 })
  }).toPass()
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('tg-status')).toHaveText('Not connected')
  await page.getByTestId('language-switch').click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
})
