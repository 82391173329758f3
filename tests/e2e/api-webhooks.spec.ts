import { execFileSync } from 'node:child_process'
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { bookThroughApi, freeSlots, signInDemo, soon, sql, uniqueEmail } from './helpers.ts'

/**
 * Issue 17 "Done when", in the browser: the demo specialist adds a webhook endpoint on /profile/api pointing at a
 * receiver this spec runs on 127.0.0.1; a guest's booking reaches it as `booking.created`, verified with the
 * `standardwebhooks` library's own `verify`; the receiver answers 500 once and gets the retry; the delivery log on
 * the page shows both attempts. The endpoint is deleted at the end, so the demo's other specs send nothing.
 */
test.describe.configure({ timeout: 120_000 })

type Received = { headers: IncomingHttpHeaders; body: string }

function startReceiver(statuses: number[]): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      response.writeHead(statuses.shift() ?? 200).end()
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ server, url: `http://127.0.0.1:${port}/fastslot-hooks`, received })
    }),
  )
}

test('a local receiver verifies booking.created, gets the retry after a 500, and the profile shows both attempts', async ({
  page,
}) => {
  const receiver = await startReceiver([500])
  try {
    await signInDemo(page)
    await page.goto('/profile')
    await page.getByTestId('profile-api-link').click()
    await expect(page).toHaveURL(/\/profile\/api$/)
    await page.getByLabel('Адрес (URL)').fill(receiver.url)
    const form = page.getByTestId('webhook-form')
    await expect(form.getByRole('checkbox', { name: /booking\.created/ })).toBeChecked()
    await form.getByRole('button', { name: 'Добавить адрес' }).click()
    const secret = (await page.getByTestId('new-webhook-secret').textContent()) ?? ''
    expect(secret).toMatch(/^whsec_/)

    const [slot] = await freeSlots(page.request, 'consultation', 1, soon())
    const guest = { firstName: 'Вебхук', lastName: 'Тестов', email: uniqueEmail('webhook') }
    const { meetingIds } = await bookThroughApi(page.request, 'consultation', slot.start, guest)

    // The minute cron routes the host event log to the endpoint and delivers: the receiver answers 500.
    await expect(async () => {
      expect((await page.request.get('/__scheduled?cron=*+*+*+*+*')).ok()).toBe(true)
      expect(receiver.received.length).toBeGreaterThanOrEqual(1)
    }).toPass({ timeout: 30_000 })
    // The outbox's backoff waits a minute before the retry: skip the wait, not the retry.
    sql("UPDATE outbox SET next_attempt_at = 0 WHERE channel = 'webhook' AND status = 'pending'")
    await expect(async () => {
      expect((await page.request.get('/__scheduled?cron=*+*+*+*+*')).ok()).toBe(true)
      expect(receiver.received.length).toBeGreaterThanOrEqual(2)
    }).toPass({ timeout: 30_000 })

    const [first, second] = receiver.received
    expect(second.body).toBe(first.body)
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id'])
    const verified = new Webhook(secret).verify(second.body, second.headers as Record<string, string>) as {
      type: string
      data: { meetingId: string; participants: { email: string }[] }
    }
    expect(verified.type).toBe('booking.created')
    expect(verified.data.meetingId).toBe(meetingIds[0])
    expect(verified.data.participants.map((p) => p.email)).toEqual([guest.email])

    await page.reload()
    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url })
    const delivery = endpoint.getByTestId('delivery').first()
    await expect(delivery.getByTestId('delivery-status')).toContainText('Доставлено')
    await expect(delivery.getByTestId('delivery-attempt')).toHaveCount(2)
    await expect(delivery.getByTestId('delivery-attempt').nth(0)).toContainText('ответ 500')
    await expect(delivery.getByTestId('delivery-attempt').nth(1)).toContainText('ответ 200')

    await endpoint.getByRole('button', { name: 'Удалить' }).click()
    await expect(page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url })).toHaveCount(0)
  } finally {
    receiver.server.close()
  }
})

test('npm run api:demo lists the event types, finds a slot and books it with a personal access token', async ({
  page,
  baseURL,
}) => {
  await signInDemo(page)
  await page.goto('/profile/api')
  const form = page.getByTestId('token-form')
  await form.getByLabel('Название').fill('api:demo')
  await form.getByRole('button', { name: 'Создать токен' }).click()
  const token = (await page.getByTestId('new-token').textContent()) ?? ''
  expect(token).toMatch(/^fs_pat_/)
  const output = execFileSync('npx', ['tsx', 'scripts/api-demo.ts'], {
    env: { ...process.env, APP_URL: baseURL, FASTSLOT_TOKEN: token },
    encoding: 'utf8',
  })
  expect(output).toContain('event type(s):')
  const meetingId = /Booked: meeting (\S+)/.exec(output)?.[1]
  expect(meetingId, output).toBeTruthy()
  await page.goto(`/meetings/${meetingId}`)
  await expect(page.getByText('API Demo').first()).toBeVisible()
  // The token is revoked at once: the script is refused.
  await page.goto('/profile/api')
  await page.getByTestId('token-list').locator('li').filter({ hasText: 'api:demo' }).getByRole('button').click()
  await expect(page.getByTestId('token-list').locator('li').filter({ hasText: 'api:demo' })).toHaveCount(0)
  expect(() =>
    execFileSync('npx', ['tsx', 'scripts/api-demo.ts'], {
      env: { ...process.env, APP_URL: baseURL, FASTSLOT_TOKEN: token },
      stdio: 'pipe',
    }),
  ).toThrow(/401/)
})
