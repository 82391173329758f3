import { expect, test } from '@playwright/test'
import { createOneTime, mailTo, setLanguage, signInDemo, uniqueEmail } from './helpers.ts'

/**
 * Issue 7 in the browser: a one-time meeting is created for two new contacts, and both confirm through `/booking`
 * (the link of their invitation email), in both languages.
 */
test.describe.configure({ timeout: 150_000 })

const TEXTS = {
  ru: {
    title: 'Разовая встреча',
    created: (name: string) => `Встреча «${name}» создана, приглашения отправлены.`,
    awaiting: 'Ждём подтверждения',
    confirmedStatus: 'Подтвердил(а)',
    invited: 'Вас пригласили на встречу',
    confirmed: 'Участие подтверждено. Ждём вас!',
    addContact: 'Добавить ещё контакт',
  },
  en: {
    title: 'One-off meeting',
    created: (name: string) => `The meeting "${name}" is created and the invitations are sent.`,
    awaiting: 'Awaiting confirmation',
    confirmedStatus: 'Confirmed',
    invited: 'You are invited to a meeting',
    confirmed: 'Participation confirmed. See you there!',
    addContact: 'Add another contact',
  },
} as const

/** A date 20 to 60 days ahead in the specialist's zone (Moscow), DD.MM.YYYY as the date field takes it. */
function dateAhead(): string {
  const days = 20 + Math.floor(Math.random() * 40)
  return new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(Date.now() + days * 86_400_000)
}

test.afterEach(async ({ page }) => {
  await setLanguage(page, 'ru').catch(() => {})
})

for (const language of ['ru', 'en'] as const) {
  const text = TEXTS[language]

  test(`a one-time meeting for two new contacts is confirmed by both through /booking (${language})`, async ({
    page,
    browser,
  }) => {
    const run = Math.random().toString(36).slice(2, 8)
    const name = `Разбор ${run}`
    const people = [
      { firstName: 'Полина', lastName: `Разова${run}`, email: uniqueEmail(`one-time-a-${language}`) },
      { firstName: 'Роман', lastName: `Разов${run}`, email: uniqueEmail(`one-time-b-${language}`) },
    ]
    await signInDemo(page)
    if (language === 'en') await setLanguage(page, 'en')
    await page.goto('/meetings/one-time-event/create')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title)
    await page.waitForLoadState('networkidle')

    // Early morning of a day weeks ahead: outside the demo's working hours, so no booking overlaps it.
    const form = page.getByTestId('one-time-form')
    const hour = String(Math.floor(Math.random() * 7)).padStart(2, '0')
    // The date and times read DD.MM.YYYY and 24-hour HH:mm in both languages; a short `H45` reads as `HH:45`.
    const date = dateAhead()
    await form.locator('[name="date"]').fill(date)
    await form.locator('[name="timeFrom"]').fill(`${hour}:00`)
    await form.locator('[name="timeTo"]').fill(`${Number(hour)}45`)
    await form.locator('[name="timeTo"]').blur()
    await expect(form.locator('[name="timeTo"]')).toHaveValue(`${hour}:45`)
    await expect(form.locator('[name="date"]')).toHaveValue(date)
    await form.locator('[name="name"]').fill(name)
    await form.locator('[name="meetingPoint"]').fill('Москва, Тверская 1')
    await form.locator('[name="participantType"]').selectOption('GroupNotCollective')
    await form.locator('[name="totalSeats"]').fill('3')
    await form.locator('[name="minSeats"]').fill('1')
    await form.locator('[name="newContacts.0.firstName"]').fill(people[0].firstName)
    await form.locator('[name="newContacts.0.lastName"]').fill(people[0].lastName)
    await form.locator('[name="newContacts.0.email"]').fill(people[0].email)
    await expect(async () => {
      if ((await form.locator('[name="newContacts.1.email"]').count()) === 0) {
        await form.getByRole('button', { name: text.addContact }).click()
      }
      await expect(form.locator('[name="newContacts.1.email"]')).toBeVisible({ timeout: 1000 })
    }).toPass()
    await form.locator('[name="newContacts.1.firstName"]').fill(people[1].firstName)
    await form.locator('[name="newContacts.1.lastName"]').fill(people[1].lastName)
    await form.locator('[name="newContacts.1.email"]').fill(people[1].email)
    const created = await createOneTime(page)
    await expect(created).toContainText(text.created(name))
    const invitees = page.getByTestId('one-time-invitees').locator('li')
    await expect(invitees).toHaveCount(2)
    await expect(invitees.filter({ hasText: text.awaiting })).toHaveCount(2)
    const shareLink = (await page.getByTestId('one-time-share-link').inputValue()) ?? ''
    expect(shareLink).toMatch(/\/booking\?companyEventId=/)

    // Each invitee opens the link of their invitation email in their own browser and confirms.
    for (const person of people) {
      const invitation = await mailTo(page.request, person.email, (m) => m.subject.includes(name))
      const link = /https?:\/\/\S+\/booking\?\S*invite=[A-Za-z0-9_-]+/.exec(invitation.text)?.[0]
      expect(link, invitation.text).toBeTruthy()
      const context = await browser.newContext()
      const guest = await context.newPage()
      const url = new URL(link ?? '')
      await guest.goto(`${url.pathname}${url.search}${language === 'en' ? '&lang=en' : ''}`)
      const booking = guest.getByTestId('one-time-booking')
      await expect(booking).toContainText(text.invited)
      await expect(guest.getByTestId('one-time-booking-name')).toHaveText(name)
      await expect(guest.getByTestId('one-time-booking-form').locator('[name="email"]')).toHaveValue(person.email)
      await guest.getByTestId('one-time-answer').click()
      await expect(guest.getByTestId('one-time-done')).toContainText(text.confirmed)
      await context.close()
    }

    // The specialist sees both confirmed.
    await page.reload()
    await expect(invitees.filter({ hasText: text.confirmedStatus })).toHaveCount(2)
  })
}
