import { type Page, expect, test } from '@playwright/test'
import {
  soon,
  DEMO_LOGIN,
  bookThroughApi,
  freeSlots,
  mailTo,
  mails,
  setLanguage,
  signInDemo,
  uniqueEmail,
} from './helpers.ts'

/**
 * Issue 7 in the browser: the specialist's contacts (SPEC §2 Contacts), in both interface languages. Contacts come
 * from bookings through the public API and from the page's own "add a contact" form.
 */
test.describe.configure({ timeout: 150_000 })

const TEXTS = {
  ru: {
    firstName: 'Имя',
    lastName: 'Фамилия',
    email: 'Почта',
    from: 'Последняя запись с',
    to: 'Последняя запись по',
    apply: 'Применить',
    emptyFiltered: 'Под фильтры не подходит ни один контакт. Измените или сбросьте их.',
    addTitle: 'Добавить контакт',
    addSubmit: 'Добавить контакт',
    added: 'Контакт добавлен',
    emailTaken: 'Контакт с такой почтой уже есть',
    archive: 'В архив',
    archived: 'Контакты перенесены в архив',
    archiveTab: 'Архив',
    activeTab: 'Активные',
    reopen: 'Вернуть из архива',
    reopened: 'Контакты возвращены из архива',
    selectAll: 'Выбрать все контакты на странице',
    message: 'Написать сообщение',
    messageField: 'Сообщение',
    send: 'Отправить',
    more: 'Ещё: 2',
    sent: 'Сообщение отправлено',
    messageSubject: 'Сообщение от Анна Демидова',
    invite: 'Пригласить записаться',
    inviteField: 'Куда записаться',
    invited: 'Приглашения отправлены',
    inviteSubject: 'Анна Демидова приглашает вас записаться',
  },
  en: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    from: 'Last booking from',
    to: 'Last booking to',
    apply: 'Apply',
    emptyFiltered: 'No contacts match the filters. Change or reset them.',
    addTitle: 'Add a contact',
    addSubmit: 'Add contact',
    added: 'Contact added',
    emailTaken: 'A contact with this email already exists',
    archive: 'Archive',
    archived: 'Contacts archived',
    archiveTab: 'Archive',
    activeTab: 'Active',
    reopen: 'Reopen',
    reopened: 'Contacts reopened',
    selectAll: 'Select all contacts on the page',
    message: 'Send a message',
    messageField: 'Message',
    send: 'Send',
    more: 'More: 2',
    sent: 'Message sent',
    messageSubject: 'Message from Анна Демидова',
    invite: 'Invite to book',
    inviteField: 'What to book',
    invited: 'Invitations sent',
    inviteSubject: 'Анна Демидова invites you to book a time',
  },
} as const

/** The owner's (Moscow) date of an instant, YYYY-MM-DD: the contacts' period filter counts in the owner's zone. */
function moscowDate(at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date(at))
}

/** YYYY-MM-DD as the app shows and its date fields take it: DD.MM.YYYY. */
function dmy(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`
}

function nextDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

/** Opens a collapsible panel of the page (a <details>) unless it is open already, and returns its form. */
async function openPanel(page: Page, testId: string) {
  const panel = page.locator('details', { has: page.getByTestId(testId) })
  if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
  await expect(page.getByTestId(testId)).toBeVisible()
  return page.getByTestId(testId)
}

test.afterEach(async ({ page }) => {
  await setLanguage(page, 'ru').catch(() => {})
})

for (const language of ['ru', 'en'] as const) {
  const text = TEXTS[language]

  test(`a specialist filters, adds, archives, reopens, messages and invites contacts (${language})`, async ({
    page,
  }) => {
    // A family name of this run only: the filters find exactly this test's contacts in the shared database.
    const family = `Контактова${Math.random().toString(36).slice(2, 8)}`
    const consultationGuest = { firstName: 'Алиса', lastName: family, email: uniqueEmail(`c-${language}`) }
    const groupGuest = { firstName: 'Борис', lastName: family, email: uniqueEmail(`g-${language}`) }
    const [consultation] = await freeSlots(page.request, 'consultation', 1, soon())
    await bookThroughApi(page.request, 'consultation', consultation.start, consultationGuest, language)
    // Looked up after the consultation is booked: that booking takes its time from the other event types too.
    const group = (await freeSlots(page.request, 'group-review', 20, soon())).find((s) => s.seatsLeft >= 1)
    await bookThroughApi(page.request, 'group-review', group?.start ?? '', groupGuest, language)
    // "Last booking" is the meeting's date (issue 18): the period runs from the earlier meeting's day to the later's.
    const meetingDays = [consultation.start, group?.start ?? ''].map((start) => moscowDate(Date.parse(start))).sort()
    const [before, after] = [meetingDays[0], meetingDays[1]]

    await signInDemo(page)
    if (language === 'en') await setLanguage(page, 'en')
    await page.goto('/contacts')
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expect(page.getByTestId('contacts-page')).toBeVisible()
    await page.waitForLoadState('networkidle')
    const rows = page.getByTestId('contact-row')

    // Filters: last name finds both booked clients, the first name one of them, the email the other.
    let filter = await openPanel(page, 'contacts-filter')
    await filter.getByLabel(text.lastName, { exact: true }).fill(family.toLowerCase())
    await filter.getByRole('button', { name: text.apply }).click()
    await expect(page).toHaveURL(/lastName=/)
    await expect(rows).toHaveCount(2)
    filter = await openPanel(page, 'contacts-filter')
    await filter.getByLabel(text.firstName, { exact: true }).fill('алиса')
    await filter.getByRole('button', { name: text.apply }).click()
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(consultationGuest.email)
    await expect(rows.first()).toContainText('Консультация')

    await page.goto(`/contacts?email=${encodeURIComponent(groupGuest.email.toUpperCase())}`)
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Групповой разбор')

    // Event types: only the consultation client of this family.
    await page.goto(`/contacts?lastName=${encodeURIComponent(family)}`)
    await expect(rows).toHaveCount(2)
    filter = await openPanel(page, 'contacts-filter')
    await filter.getByLabel('Консультация', { exact: true }).check()
    await filter.getByRole('button', { name: text.apply }).click()
    await expect(page).toHaveURL(/eventTypeIds=/)
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(consultationGuest.email)

    // Period of the last booking: the meetings' days keep both, a period after them keeps none.
    await page.goto(`/contacts?lastName=${encodeURIComponent(family)}`)
    filter = await openPanel(page, 'contacts-filter')
    // The period fields read DD.MM.YYYY in both languages (not the browser's mm/dd/yyyy).
    await filter.getByLabel(text.from, { exact: true }).fill(dmy(before))
    await filter.getByLabel(text.to, { exact: true }).fill(dmy(after))
    await filter.getByRole('button', { name: text.apply }).click()
    await expect(page).toHaveURL(new RegExp(`from=${dmy(before)}`))
    await expect(rows).toHaveCount(2)
    await expect(page.getByTestId('contacts-filter').getByLabel(text.to, { exact: true })).toHaveValue(dmy(after))
    // A bookmark of the former date inputs (YYYY-MM-DD) still filters, its date shown as DD.MM.YYYY.
    await page.goto(`/contacts?lastName=${encodeURIComponent(family)}&from=${nextDate(after)}`)
    await expect(rows).toHaveCount(0)
    await expect(page.getByTestId('contacts-empty')).toHaveText(text.emptyFiltered)
    await expect(page.getByTestId('contacts-filter').getByLabel(text.from, { exact: true })).toHaveValue(
      dmy(nextDate(after)),
    )

    // Added by hand through the form; the same email again is refused with a translated error.
    await page.goto(`/contacts?lastName=${encodeURIComponent(family)}`)
    await page.waitForLoadState('networkidle')
    const handEmail = uniqueEmail(`hand-${language}`)
    const addForm = await openPanel(page, 'contact-add-form')
    await addForm.getByLabel(text.firstName, { exact: true }).fill('Вера')
    await addForm.getByLabel(text.lastName, { exact: true }).fill(family)
    await addForm.getByLabel(text.email, { exact: true }).fill(handEmail)
    await addForm.getByRole('button', { name: text.addSubmit }).click()
    await expect(page.getByText(text.added, { exact: true })).toBeVisible()
    await expect(rows).toHaveCount(3)
    await expect(rows.filter({ hasText: handEmail })).toHaveCount(1)
    await openPanel(page, 'contact-add-form')
    await addForm.getByLabel(text.firstName, { exact: true }).fill('Вера')
    await addForm.getByLabel(text.email, { exact: true }).fill(handEmail)
    await addForm.getByRole('button', { name: text.addSubmit }).click()
    await expect(page.getByTestId('contacts-errors')).toContainText(text.emailTaken)
    // Four more (the same form action) so the recipients overflow the five chips.
    const extra = ['Галина', 'Дарья', 'Егор', 'Жанна']
    for (const firstName of extra) {
      const response = await page.request.post('/contacts', {
        form: { intent: 'add', firstName, lastName: family, email: uniqueEmail(`extra-${language}`) },
        headers: { Origin: new URL(page.url()).origin },
      })
      expect(response.ok()).toBe(true)
    }
    await page.goto(`/contacts?lastName=${encodeURIComponent(family)}`)
    await expect(rows).toHaveCount(7)

    // Archive the group client, find them in the archive, reopen.
    await page.waitForLoadState('networkidle')
    const groupRow = rows.filter({ hasText: groupGuest.email })
    // Nothing ticked: nothing to archive.
    await expect(page.getByTestId('contacts-archive')).toBeDisabled()
    await groupRow.locator('input[name="contactIds"]').check()
    await expect(page.getByTestId('contacts-archive')).toBeEnabled()
    await page.getByTestId('contacts-actions').getByRole('button', { name: text.archive, exact: true }).click()
    await expect(page.getByText(text.archived)).toBeVisible()
    await expect(rows).toHaveCount(6)
    await expect(groupRow).toHaveCount(0)
    await page.getByRole('link', { name: text.archiveTab, exact: true }).click()
    await expect(page).toHaveURL(/viewArchive=true/)
    await expect(rows).toHaveCount(1)
    await expect(groupRow).toHaveCount(1)
    await page.waitForLoadState('networkidle')
    await expect(page.getByTestId('contacts-reopen')).toBeDisabled()
    await groupRow.locator('input[name="contactIds"]').check()
    await page.getByTestId('contacts-actions').getByRole('button', { name: text.reopen }).click()
    await expect(page.getByText(text.reopened)).toBeVisible()
    await expect(rows).toHaveCount(0)
    await page.getByRole('link', { name: text.activeTab, exact: true }).click()
    await expect(rows).toHaveCount(7)

    // A message to all seven: five chips, the other two behind "more"; every one gets the email.
    await page.waitForLoadState('networkidle')
    await page.getByRole('checkbox', { name: text.selectAll }).check()
    await page.getByTestId('contacts-actions').getByRole('button', { name: text.message }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('recipient-chip')).toHaveCount(5)
    await expect(dialog.getByTestId('recipient-more')).toHaveText(text.more)
    await dialog.getByTestId('recipient-more').click()
    await expect(dialog.locator('details[open] li')).toHaveCount(2)
    const body = `Добрый день! Run ${family}: перенос занятий на следующую неделю.`
    await dialog.getByLabel(text.messageField, { exact: true }).fill(body)
    await dialog.getByRole('button', { name: text.send, exact: true }).click()
    await expect(page.getByText(text.sent, { exact: true }).first()).toBeVisible()
    const recipients = [consultationGuest.email, groupGuest.email, handEmail]
    for (const email of recipients) {
      const mail = await mailTo(page.request, email, (m) => m.text.includes(body))
      expect(mail.subject).toBe(text.messageSubject)
    }
    await expect.poll(async () => (await mails(page.request)).filter((m) => m.text.includes(body)).length).toBe(7)
    expect((await mails(page.request)).some((m) => m.to === DEMO_LOGIN.email && m.text.includes(body))).toBe(false)
    await page.goto('/dev/mail')
    await expect(page.getByTestId('dev-mail-text').filter({ hasText: body })).toHaveCount(7)

    // An invitation to book the consultation, to the hand-added contact.
    await page.goto(`/contacts?email=${encodeURIComponent(handEmail)}`)
    await page.waitForLoadState('networkidle')
    await rows.first().locator('input[name="contactIds"]').check()
    await page.getByTestId('contacts-actions').getByRole('button', { name: text.invite }).click()
    await expect(page.getByRole('dialog').getByTestId('recipient-chip')).toHaveText(`Вера ${family}`)
    await page.getByRole('dialog').getByLabel(text.inviteField).selectOption({ label: 'Консультация' })
    await page.getByRole('dialog').getByRole('button', { name: text.send, exact: true }).click()
    await expect(page.getByText(text.invited, { exact: true }).first()).toBeVisible()
    const invitation = await mailTo(page.request, handEmail, (m) => m.subject === text.inviteSubject)
    const link = /https?:\/\/\S+consultation\S*/.exec(invitation.text)?.[0]
    expect(link, invitation.text).toBeTruthy()
    // The link opens the consultation's booking page.
    await page.goto(new URL(link ?? '').pathname)
    await expect(page.getByTestId('event-name')).toHaveText('Консультация')
  })
}
