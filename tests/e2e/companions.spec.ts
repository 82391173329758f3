/**
 * Issue 20's "add participants" and "login" steps of the booking flow (ADR 0105), in the browser: a guest books a
 * group slot with two companions (three participants, three emails); a client with an account signs in from the
 * form, finds it filled and sees the booking under "I am booked".
 */
import { type Page, expect, test } from '@playwright/test'
import { clientAddress, freeSlots, mailTo, mails, soon, uniqueEmail } from './helpers.ts'

const PASSWORD = 'Companion-password-1'

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': clientAddress() })
})

/** Opens the day of `start` on a demo event type's page and continues to the form with that slot. */
async function formOf(page: Page, eventLink: string, slot: { day: string; start: string }) {
  const [d, m, y] = slot.day.split('.')
  const params = new URLSearchParams({ tz: 'Europe/Moscow', month: `${y}-${m}`, date: `${y}-${m}-${d}` })
  await page.goto(`/demo/${eventLink}?${params}`)
  await page.waitForLoadState('networkidle')
  const label = page.locator(`label:has([data-testid="slot"][value="${Date.parse(slot.start)}"])`)
  await label.click()
  await expect(page.locator('[data-testid="slot"]:checked')).toHaveCount(1)
  await page.getByTestId('continue').click()
  await expect(page.getByTestId('booking-form')).toBeVisible()
}

test('a guest books a group slot with two companions: three participants, three emails', async ({ page }) => {
  const slot = (await freeSlots(page.request, 'group-review', 40, soon())).find((s) => s.seatsLeft >= 3)
  expect(slot).toBeDefined()
  if (!slot) return
  const guest = uniqueEmail('party')
  const [first, second] = [uniqueEmail('companion-a'), uniqueEmail('companion-b')]
  await formOf(page, 'group-review', slot)
  await page.locator('#field-firstName').fill('Гость')
  await page.locator('#field-lastName').fill('Компанейский')
  await page.locator('#field-email').fill(guest)
  await page.getByText('Добавить участников').click()
  await page.locator('#companion-0-emails').fill(first)
  await page.getByTestId('add-companion').click()
  // The form comes back with what was typed and one more field.
  await expect(page.locator('#companion-1-emails')).toBeVisible()
  await expect(page.locator('#companion-0-emails')).toHaveValue(first)
  await expect(page.locator('#field-email')).toHaveValue(guest)
  await page.locator('#companion-1-emails').fill(second)
  await page.getByTestId('book').click()
  await expect(page.getByTestId('booking-success')).toContainText('Вы записаны!')

  for (const email of [guest, first, second]) {
    const mail = await mailTo(page.request, email, (m) => m.subject.includes('Групповой разбор'))
    expect(mail.attachments).toEqual(['meeting.ics'])
  }
  const toCompanion = await mailTo(page.request, first, (m) => m.subject.includes('Групповой разбор'))
  expect(toCompanion.text).toContain('Гость Компанейский записал(а) вас на «Групповой разбор»')
  const toOrganizer = (await mails(page.request)).find((m) => m.to === 'demo@example.com' && m.text.includes(guest))
  expect(toOrganizer?.text).toContain(`Вместе с клиентом: ${first}, ${second}`)
  // Three seats fewer.
  const after = (await freeSlots(page.request, 'group-review', 40, soon())).find((s) => s.start === slot.start)
  expect(after?.seatsLeft ?? 0).toBe(slot.seatsLeft - 3)
})

test('a client signs in from the booking form, finds it filled, and sees the booking as "I am booked"', async ({
  page,
  request,
}, testInfo) => {
  const login = `comp${testInfo.project.name}${Date.now().toString(36)}`.slice(0, 30)
  const email = `${login}@example.com`
  const created = await request.post('/api/v2/identity/signup/email', {
    data: { login, email, password: PASSWORD, firstName: 'Ольга', lastName: 'Входящая', isAgreementAccepted: true },
  })
  expect(created.status()).toBe(201)
  const code = await mailTo(request, email, (m) => /\d{6}/.test(m.text))
  const confirmed = await request.post('/api/v2/identity/signup/email/code', {
    data: { email, code: code.text.match(/\b(\d{6})\b/)?.[1] },
  })
  expect(confirmed.status()).toBe(200)

  await page.context().clearCookies()
  const [slot] = await freeSlots(page.request, 'consultation', 1, soon())
  await formOf(page, 'consultation', slot)
  const formUrl = page.url()
  await page.getByTestId('form-sign-in').click()
  await page.getByLabel('Логин или email').fill(login)
  await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Войти', exact: true }).click()
  // Back on the same form step, with the same held slot, filled from the profile.
  await expect(page.getByTestId('booking-form')).toBeVisible()
  expect(new URL(page.url()).searchParams.get('holds')).toBe(new URL(formUrl).searchParams.get('holds'))
  await expect(page.getByTestId('signed-in-as')).toContainText(email)
  await expect(page.locator('#field-firstName')).toHaveValue('Ольга')
  await expect(page.locator('#field-email')).toHaveValue(email)
  await page.getByTestId('book').click()
  await expect(page.getByTestId('booking-success')).toContainText('Вы записаны!')

  await page.goto('/meetings?side=participant')
  await expect(page.getByText('Консультация').first()).toBeVisible()
})
