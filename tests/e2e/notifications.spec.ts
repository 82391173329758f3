import { execFileSync } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { type Server, createServer } from 'node:http'
import { expect, test } from '@playwright/test'
import { DEMO } from '../../db/seed.ts'
import { FakeBotApi, telegramUpdate } from '../fakes/telegram-bot-api.ts'

/**
 * Issue 8 in the browser: the demo specialist connects the Telegram bot (fake Bot API), a booked meeting's
 * reminders go out by the cron, the specialist sees their statuses and reads the notification center.
 */
const port = Number(process.env.E2E_PORT ?? '8799')
const bot = new FakeBotApi('e2e-bot-token')
let server: Server

function sql(command: string) {
  execFileSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', '.wrangler/e2e', '--command', command],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
      stdio: 'pipe',
    },
  )
}

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

test('a specialist connects Telegram, sees reminder statuses and reads the notification center', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000)
  const run = randomUUID().slice(0, 8)
  const meetingName = `Консультация ${run}`
  const chatId = 400000 + Math.floor(Math.random() * 100000)
  // Signed in as the demo specialist (the sign-in pages belong to the accounts area).
  const token = randomBytes(32).toString('base64url')
  const hash = createHash('sha256').update(token).digest('hex')
  sql(
    `INSERT INTO sessions (id, token_hash, user_id, expires_at) VALUES ('${randomUUID()}', '${hash}', '${DEMO.userId}', ${Date.now() + 3600_000});
     DELETE FROM telegram_bindings WHERE user_id = '${DEMO.userId}';
     UPDATE notifications SET read_at = 0 WHERE user_id = '${DEMO.userId}';`,
  )
  await context.addCookies([{ name: 'session', value: token, url: `http://localhost:${port}` }])

  await page.goto('/integrations/tgBot')
  await expect(page.getByRole('heading', { name: 'Telegram-бот' })).toBeVisible()
  await expect(page.getByTestId('tg-status')).toHaveText('Не подключён')
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

  // A client's booking, as the booking batch writes it: the meeting, the client, reminder jobs and the notice.
  const meetingId = randomUUID()
  const participantId = randomUUID()
  const now = Date.now()
  const startAt = now + 60 * 60_000 + 30_000
  const reminder = (offset: number, participant: string | null) =>
    `('${randomUUID()}', '${DEMO.userId}', '${meetingId}', ${participant ? `'${participantId}'` : 'NULL'}, '${participant ? 'client' : 'organizer'}', ${offset}, ${startAt - offset * 60_000})`
  sql(
    `INSERT INTO meetings (id, owner_id, name, place_type, meeting_point, start_at, end_at, time_zone)
       VALUES ('${meetingId}', '${DEMO.userId}', '${meetingName}', 'Online', 'https://telemost.yandex.ru/j/1', ${startAt}, ${startAt + 30 * 60_000}, 'Europe/Moscow');
     INSERT INTO meeting_participants (id, meeting_id, owner_id, first_name, last_name, email, time_zone, language, manage_token_hash, booking_id)
       VALUES ('${participantId}', '${meetingId}', '${DEMO.userId}', 'Мария', 'Клиентова', 'maria@example.com', 'Asia/Yekaterinburg', 'ru', '${randomUUID()}', '${randomUUID()}');
     INSERT INTO reminders (id, owner_id, meeting_id, participant_id, recipient_kind, offset_minutes, due_at)
       VALUES ${reminder(61, participantId)}, ${reminder(61, null)}, ${reminder(30, participantId)};
     INSERT INTO notifications (id, user_id, title, body, action_name, action_value)
       VALUES ('${randomUUID()}', '${DEMO.userId}', 'Новая запись: «${meetingName}»', 'Мария Клиентова', 'openEventOrganizer', '${meetingId}');`,
  )

  // The every-minute cron sends what is due.
  const cron = await request.get('/__scheduled?cron=*+*+*+*+*')
  expect(cron.ok()).toBe(true)
  await expect
    .poll(() => bot.sent.filter((m) => m.chatId === String(chatId) && m.text.includes(meetingName)).length)
    .toBe(1)

  await page.goto(`/meetings/${meetingId}/reminders`)
  const statuses = page.getByTestId('reminder-status')
  await expect(statuses).toHaveCount(3)
  await expect(page.locator('[data-status="sent"]')).toHaveCount(2)
  await expect(page.locator('[data-status="scheduled"]')).toHaveCount(1)
  await expect(page.getByText('Клиент: Мария Клиентова').first()).toBeVisible()
  await expect(page.getByText(/Telegram: доставлено/)).toBeVisible()

  // The notification center: the badge counts the unread notice; opening it reads it and follows its action.
  await expect(page.getByTestId('notification-count')).toHaveText('1')
  await page.getByTestId('notification-badge').click()
  await expect(page).toHaveURL(/\/notification-center$/)
  const notice = page.getByTestId('notification').filter({ hasText: meetingName })
  await expect(notice).toHaveAttribute('data-read', 'false')
  await notice.getByRole('button', { name: /Открыть/ }).click()
  await expect(page).toHaveURL(new RegExp(`/meetings/${meetingId}$`))
  await page.goto('/notification-center')
  await expect(page.getByTestId('notification').filter({ hasText: meetingName })).toHaveAttribute('data-read', 'true')
  await expect(page.getByTestId('notification-count')).toHaveCount(0)

  // The development page shows the Telegram messages.
  await page.goto('/dev/messages')
  await expect(page.getByTestId('dev-message').filter({ hasText: meetingName })).toHaveCount(1)

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
})
