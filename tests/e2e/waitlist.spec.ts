import { expect, test } from '@playwright/test'
import { bookThroughApi, clientAddress, freeSlots, mailTo, signInDemo, soon, uniqueEmail } from './helpers.ts'

/**
 * Issue 20's waitlist in the browser (docs/decisions/0108-waitlist.md): every seat of a demo `group-review` slot is
 * booked; a second guest joins its waitlist on the public page; one participant cancels through their emailed link;
 * the waitlisted guest gets the offer by email and books through its link, while a third, concurrent booking of that
 * seat is refused. Each language takes its own slot (a late one, with every seat free: nobody else's).
 */
test.describe.configure({ timeout: 150_000 })

const SEATS = 5

const TEXTS = {
  ru: {
    joined: (email: string) => `Вы в листе ожидания. Мы отправили подтверждение на ${email}.`,
    joinedSubject: 'Вы в листе ожидания: Групповой разбор',
    offeredSubject: 'Освободилось место: Групповой разбор',
    manageCancel: 'Отменить запись',
    booked: 'Вы записаны!',
    slotTaken: 'Это время только что заняли. Выберите другое',
  },
  en: {
    joined: (email: string) => `You are on the waitlist. We have sent a confirmation to ${email}.`,
    joinedSubject: 'You are on the waitlist: Групповой разбор',
    offeredSubject: 'A seat is free: Групповой разбор',
    manageCancel: 'Cancel my booking',
    booked: 'You are booked!',
    slotTaken: 'This time has just been taken. Choose another one',
  },
}

for (const language of ['ru', 'en'] as const) {
  test(`(${language}) a second guest joins the waitlist of a full slot and books through the emailed link after a cancel, while a third concurrent attempt is refused`, async ({
    page,
    browser,
  }) => {
    const texts = TEXTS[language]
    // A slot nobody else uses: late among the free ones, every seat free.
    const slots = (await freeSlots(page.request, 'group-review', 40, soon())).filter((s) => s.seatsLeft === SEATS)
    const slot = slots[language === 'ru' ? slots.length - 1 : slots.length - 2]
    const start = Date.parse(slot.start)
    const booked = Array.from({ length: SEATS }, (_, i) => ({
      firstName: `Seat${i}`,
      lastName: 'Waitlist',
      email: uniqueEmail(`wl-seat${i}-${language}`),
    }))
    let meetingId = ''
    for (const guest of booked) {
      meetingId = (await bookThroughApi(page.request, 'group-review', slot.start, guest, language)).meetingIds[0]
    }

    // The second guest finds the slot full and joins its waitlist (a plain form).
    const waiting = { firstName: 'Vera', email: uniqueEmail(`wl-wait-${language}`) }
    const [d, m, y] = slot.day.split('.')
    await page.goto(`/demo/group-review?tz=Europe/Moscow&month=${y}-${m}&date=${y}-${m}-${d}&lang=${language}`)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expect(page.locator(`[data-testid="slot"][value="${start}"]`)).toHaveCount(0)
    await page.getByTestId('waitlist-slots').locator(`a[href*="waitlist=${start}"]`).click()
    const form = page.getByTestId('waitlist-form')
    await expect(form).toBeVisible()
    await form.locator('#field-firstName').fill(waiting.firstName)
    await form.locator('#field-email').fill(waiting.email)
    await page.getByTestId('waitlist-submit').click()
    await expect(page.getByTestId('waitlist-joined')).toHaveText(texts.joined(waiting.email))
    await mailTo(page.request, waiting.email, (mail) => mail.subject === texts.joinedSubject)

    // The organizer sees the line on the meeting's page.
    const organizer = await browser.newPage()
    await signInDemo(organizer)
    await organizer.goto(`/meetings/${meetingId}`)
    const line = organizer.getByTestId('meeting-waitlist')
    await expect(line.getByTestId('waitlist-entry')).toHaveCount(1)
    await expect(line.getByTestId('waitlist-entry')).toContainText(waiting.email)
    await expect(line.getByTestId('waitlist-entry-state')).toHaveText('Ждёт')
    await organizer.close()

    // One participant cancels through their emailed manage link.
    const confirmation = await mailTo(page.request, booked[0].email)
    const manage = confirmation.text.match(/\/booking\/manage\/[^\s]+/)?.[0] ?? ''
    const guest = await browser.newPage()
    await guest.goto(manage)
    await guest.getByTestId('manage-cancel').click()
    await guest.getByRole('dialog').getByTestId('manage-cancel-confirm').click()
    await expect(guest.getByTestId('manage-done')).toBeVisible()
    await guest.close()

    // The offer arrives by email (the minute's cron sends it); its link shows the offer and books on a click.
    expect((await page.request.get('/__scheduled?cron=*+*+*+*+*')).ok()).toBe(true)
    const offer = await mailTo(page.request, waiting.email, (mail) => mail.subject === texts.offeredSubject)
    const link = offer.text.match(/\/waitlist\/[^\s]+/)?.[0] ?? ''
    expect(link).toMatch(new RegExp(`\\?lang=${language}$`))
    await page.goto(link)
    await expect(page.getByTestId('waitlist-status')).toHaveAttribute('data-status', 'offered')
    // A third guest tries the same seat at the same moment: the seat is the waitlisted guest's.
    const [third] = await Promise.all([
      page.request.post('/api/v2/public/demo/eventTypes/group-review/events', {
        data: {
          contactInfo: { firstName: 'Third', lastName: 'Guest', email: uniqueEmail('wl-third') },
          slots: [{ start: slot.start }],
        },
        headers: { 'Accept-Language': language, 'CF-Connecting-IP': clientAddress() },
      }),
      page.getByTestId('waitlist-book').click(),
    ])
    expect(third.status()).toBe(409)
    expect(((await third.json()) as { apiErrors: { text: string }[] }).apiErrors[0].text).toBe(texts.slotTaken)
    await expect(page.getByTestId('booking-success')).toContainText(texts.booked)
    // Full again: no free seat of that slot is offered.
    const after = await page.request.get(`/api/v2/public/demo/eventTypes/group-review/slots/${y}/${m}/${d}`)
    const free = ((await after.json()) as { data: { start: string }[] }).data.map((s) => Date.parse(s.start))
    expect(free).not.toContain(start)
  })
}
