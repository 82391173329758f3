import { type Page, expect, test } from '@playwright/test'
import {
  soon,
  type Guest,
  bookThroughApi,
  freeSlots,
  mailTo,
  mails,
  openDialog,
  setLanguage,
  signInDemo,
  sql,
  uniqueEmail,
} from './helpers.ts'

/**
 * Issue 7 in the browser: the specialist's actions on booked meetings (SPEC §4), in both interface languages.
 * Clients book through the public API (the booking pages' own calls); only a meeting's time is moved into the past
 * by SQL, because a completed meeting needs a start before now and nothing in the app books the past.
 */
test.describe.configure({ timeout: 120_000 })

const TEXTS = {
  ru: {
    addVisitor: 'Добавить',
    visitorsAdded: 'Гости добавлены',
    invitedSubject: 'Приглашение',
    cancelParticipant: 'Отменить для участника',
    confirmYes: 'Да, отменить',
    participantCanceled: 'Запись отменена',
    cancelMeeting: 'Отменить встречу',
    meetingCanceled: 'Встреча отменена',
    canceledSubject: 'Встреча отменена',
    markNotHeld: 'Отметить, что не состоялась',
    markHeld: 'Отметить, что состоялась',
    held: 'Состоялась',
    notHeld: 'Не состоялась',
    move: 'Перенести',
    moved: 'Участники перенесены',
    seatsAdded: /Во встрече не хватало мест, они добавлены автоматически\. Теперь мест: (\d+)\./,
    seats: (count: number) => `мест: ${count}`,
    transferredSubject: 'Ваша запись перенесена на другую встречу',
  },
  en: {
    addVisitor: 'Add',
    visitorsAdded: 'Visitors added',
    invitedSubject: 'Invitation',
    cancelParticipant: 'Cancel for this participant',
    confirmYes: 'Yes, cancel',
    participantCanceled: 'Booking cancelled',
    cancelMeeting: 'Cancel the meeting',
    meetingCanceled: 'Meeting cancelled',
    canceledSubject: 'Meeting cancelled',
    markNotHeld: 'Mark as not held',
    markHeld: 'Mark as held',
    held: 'Held',
    notHeld: 'Not held',
    move: 'Move',
    moved: 'Participants moved',
    seatsAdded: /The target meeting lacked seats, so they were added automatically\. Seats now: (\d+)\./,
    seats: (count: number) => `seats: ${count}`,
    transferredSubject: 'Your booking was moved to another meeting',
  },
} as const

function guest(prefix: string, firstName: string): Guest {
  return { firstName, lastName: 'Тестова', email: uniqueEmail(prefix) }
}

/** The demo specialist signed in, in the interface language of the test. */
async function specialist(page: Page, language: 'ru' | 'en') {
  await signInDemo(page)
  if (language === 'en') await setLanguage(page, 'en')
}

// The demo profile stays Russian whatever a test did: other specs sign in expecting Russian texts.
test.afterEach(async ({ page }) => {
  await setLanguage(page, 'ru').catch(() => {})
})

for (const language of ['ru', 'en'] as const) {
  const text = TEXTS[language]

  test(`a specialist adds a visitor, cancels one participant and then the whole group meeting (${language})`, async ({
    page,
  }) => {
    const slot = (await freeSlots(page.request, 'group-review', 40, soon())).find((s) => s.seatsLeft >= 2)
    expect(slot, 'a group slot with two free seats').toBeTruthy()
    const first = guest(`stay-${language}`, 'Ольга')
    const second = guest(`leave-${language}`, 'Пётр')
    const { meetingIds } = await bookThroughApi(page.request, 'group-review', slot?.start ?? '', first, language)
    const again = await bookThroughApi(page.request, 'group-review', slot?.start ?? '', second, language)
    expect(again.meetingIds).toEqual(meetingIds)
    const id = meetingIds[0]

    await specialist(page, language)
    await page.goto(`/meetings/${id}`)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    const participants = page.getByTestId('participant')
    const firstRow = participants.filter({ hasText: `${first.firstName} ${first.lastName}` })
    const secondRow = participants.filter({ hasText: `${second.firstName} ${second.lastName}` })
    await expect(firstRow).toHaveCount(1)
    await expect(secondRow).toHaveCount(1)

    // A visitor for the first participant: shown on the meeting and invited by email with the ICS.
    const visitor = uniqueEmail(`visitor-${language}`)
    await page.waitForLoadState('networkidle')
    await firstRow.getByTestId('visitors-form').locator('input[name="emails"]').fill(visitor)
    await firstRow.getByTestId('visitors-form').getByRole('button', { name: text.addVisitor, exact: true }).click()
    await expect(page.getByText(text.visitorsAdded)).toBeVisible()
    await expect(firstRow.getByTestId('visitor')).toHaveText(new RegExp(visitor))
    const invitation = await mailTo(page.request, visitor)
    expect(invitation.subject).toContain(text.invitedSubject)
    expect(invitation.ics).toContain('METHOD:REQUEST')
    await page.reload()
    await expect(firstRow.getByTestId('visitor')).toHaveText(new RegExp(visitor))

    // Cancel the second participant only: they get METHOD:CANCEL, the meeting goes on for the first one.
    await openDialog(page, text.cancelParticipant, secondRow)
    await page.getByRole('dialog').getByRole('button', { name: text.confirmYes }).click()
    await expect(page.getByText(text.participantCanceled, { exact: true })).toBeVisible()
    await expect(secondRow.locator('p.line-through')).toHaveCount(1)
    await expect(secondRow.getByRole('button', { name: text.cancelParticipant })).toHaveCount(0)
    await expect(page.getByTestId('meeting-status').first()).toHaveAttribute('data-status', 'upcoming')
    const secondCancel = await mailTo(page.request, second.email, (m) => m.subject.includes(text.canceledSubject))
    expect(secondCancel.ics).toContain('METHOD:CANCEL')
    expect(secondCancel.ics).toContain('STATUS:CANCELLED')
    // The emails are written in the same batch as the change: the first guest has no cancellation.
    expect((await mails(page.request)).some((m) => m.to === first.email && m.ics?.includes('METHOD:CANCEL'))).toBe(
      false,
    )

    // Cancel the whole meeting as its organizer: everyone left (the first guest and the visitor) gets the CANCEL.
    await openDialog(page, text.cancelMeeting)
    await page.getByRole('dialog').getByRole('button', { name: text.confirmYes }).click()
    await expect(page.getByText(text.meetingCanceled, { exact: true }).first()).toBeVisible()
    await expect(page.getByTestId('meeting-status').first()).toHaveAttribute('data-status', 'canceled')
    await expect(page.getByRole('button', { name: text.cancelMeeting })).toHaveCount(0)
    for (const email of [first.email, visitor]) {
      const cancel = await mailTo(page.request, email, (m) => m.subject.includes(text.canceledSubject))
      expect(cancel.ics).toContain('METHOD:CANCEL')
      expect(cancel.ics).toMatch(/SEQUENCE:[1-9]/)
    }
    await page.reload()
    await expect(page.getByTestId('meeting-status').first()).toHaveAttribute('data-status', 'canceled')
  })

  test(`a specialist marks one completed meeting held and another not held (${language})`, async ({ page }) => {
    const [one, two] = await freeSlots(page.request, 'consultation', 2, soon())
    const heldGuest = guest(`held-${language}`, 'Инна')
    const missedGuest = guest(`missed-${language}`, 'Иван')
    const held = (await bookThroughApi(page.request, 'consultation', one.start, heldGuest, language)).meetingIds[0]
    const missed = (await bookThroughApi(page.request, 'consultation', two.start, missedGuest, language)).meetingIds[0]
    // Both meetings took place two days ago (the only step no page can do: a booking is always in the future). The
    // instants carry this run's milliseconds: one event type never has two meetings with the same start.
    const past = Date.now() - 2 * 24 * 60 * 60_000
    sql(
      `UPDATE meetings SET end_at = end_at - start_at + ${past}, start_at = ${past} WHERE id = '${held}';
       UPDATE meetings SET end_at = end_at - start_at + ${past - 60 * 60_000}, start_at = ${past - 60 * 60_000}
         WHERE id = '${missed}';`,
    )

    await specialist(page, language)
    // The not-held one: marked, and the mark is kept.
    await page.goto(`/meetings/${missed}`)
    await expect(page.getByTestId('meeting-status').first()).toHaveAttribute('data-status', 'completed')
    await expect(page.getByTestId('cancel-meeting')).toHaveCount(0)
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: text.markNotHeld }).click()
    await expect(page.getByRole('button', { name: text.markHeld })).toBeVisible()
    await expect(page.getByText(text.notHeld, { exact: true })).toBeVisible()
    await page.reload()
    await expect(page.getByText(text.notHeld, { exact: true })).toBeVisible()

    // The held one: first marked not held by mistake, then held; the override is kept.
    await page.goto(`/meetings/${held}`)
    await expect(page.getByTestId('meeting-status').first()).toHaveAttribute('data-status', 'completed')
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: text.markNotHeld }).click()
    await expect(page.getByText(text.notHeld, { exact: true })).toBeVisible()
    await page.getByRole('button', { name: text.markHeld }).click()
    await expect(page.getByText(text.held, { exact: true })).toBeVisible()
    await page.reload()
    await expect(page.getByText(text.held, { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: text.markNotHeld })).toBeVisible()

    // Both are in the completed list.
    await page.goto('/meetings?view=list&filter=completed')
    for (const id of [held, missed]) {
      await expect(page.locator(`[data-meeting-id="${id}"]`)).toHaveCount(1)
    }
  })

  test(`a specialist moves a participant into a full group meeting and the seats are added (${language})`, async ({
    page,
  }) => {
    const slots = (await freeSlots(page.request, 'group-review', 10, soon())).filter((s) => s.seatsLeft >= 1)
    expect(slots.length).toBeGreaterThanOrEqual(2)
    const [target, source] = slots
    // Fill the target meeting: as many clients as it has free seats.
    let targetId = ''
    for (let seat = 0; seat < target.seatsLeft; seat++) {
      targetId = (await bookThroughApi(page.request, 'group-review', target.start, guest(`full-${seat}`, 'Мест')))
        .meetingIds[0]
    }
    const mover = guest(`mover-${language}`, 'Фёдор')
    const sourceId = (await bookThroughApi(page.request, 'group-review', source.start, mover, language)).meetingIds[0]

    await specialist(page, language)
    await page.goto(`/meetings/${targetId}`)
    const seatsBefore = Number(
      /(\d+)/.exec(((await page.getByTestId('meeting-count').textContent()) ?? '').split('·')[1] ?? '')?.[1],
    )
    expect(seatsBefore).toBeGreaterThan(0)

    await page.goto(`/meetings/${sourceId}`)
    const form = page.getByTestId('move-form')
    await page.waitForLoadState('networkidle')
    await form.getByLabel(`${mover.firstName} ${mover.lastName}`).check()
    await form.locator('select[name="target"]').selectOption(targetId)
    await form.getByRole('button', { name: text.move, exact: true }).click()
    await expect(page.getByText(text.moved, { exact: true })).toBeVisible()
    const notice = page.getByTestId('seats-added')
    await expect(notice).toHaveText(text.seatsAdded)
    const seatsNow = Number(text.seatsAdded.exec((await notice.textContent()) ?? '')?.[1])
    expect(seatsNow).toBe(seatsBefore + 1)
    // The source meeting lost its only member and is cancelled; the target shows the new seat count.
    await page.reload()
    await expect(page.getByTestId('meeting-status').first()).toHaveAttribute('data-status', 'canceled')
    await page.goto(`/meetings/${targetId}`)
    await expect(page.getByTestId('participant').filter({ hasText: mover.firstName })).toHaveCount(1)
    await expect(page.getByTestId('meeting-count')).toContainText(text.seats(seatsNow))
    // The moved client is told, with the target meeting's invitation.
    const moved = await mailTo(page.request, mover.email, (m) => m.subject.includes(text.transferredSubject))
    expect(moved.ics).toContain('METHOD:REQUEST')
    // ...and the meeting they left leaves their calendar (METHOD:CANCEL of its UID).
    const left = await mailTo(page.request, mover.email, (m) => Boolean(m.ics?.includes('METHOD:CANCEL')))
    expect(left.ics).toContain('STATUS:CANCELLED')
  })
}
