import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { instantToZoned, isoToDmy } from '#app/domain/time/index.ts'
import { getDb } from '#app/server/db.server.ts'
import { contacts, meetings, oneTimeInvitations } from '#db/schema.ts'
import { lastEmailTo, unique } from './helpers/accounts.ts'
import { DAY, createEventType, createMeeting } from './helpers/meetings.ts'
import { createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)
const email = (prefix: string) => `${unique(prefix)}@example.com`
const PATH = '/meetings/one-time-event/create'

async function signedIn(plan: 'Basic' | 'Pro' = 'Pro') {
  const user = await createTestUser({ plan })
  return { user, ...pageClient(await sessionCookieFor(user.id)) }
}

/** A date a few days ahead in Moscow (the test users' zone), as the form's YYYY-MM-DD. */
const dateAhead = (days: number) => instantToZoned('Europe/Moscow', Date.now() + days * DAY).date

function formFields(overrides: [string, string][] = [], date = dateAhead(3)): [string, string][] {
  const base: [string, string][] = [
    ['date', date],
    ['timeZone', 'Europe/Moscow'],
    ['timeFrom', '12:00'],
    ['timeTo', '13:00'],
    ['template', ''],
    ['inviteParticipant', 'participants'],
    ['participantType', 'GroupNotCollective'],
    ['totalSeats', '3'],
    ['minSeats', '1'],
    ['name', 'Встреча выпускников'],
    ['description', ''],
    ['type', 'Meet'],
    ['meetingPoint', 'Москва, Тверская 1'],
    ['color', '#2f80ed'],
    ['reminders', '60'],
    ['whenClosesValue', '0'],
    ['whenClosesType', 'Minutes'],
    ['getTimeBeforeValue', ''],
    ['getTimeAfterValue', ''],
    ['newContacts.0.firstName', ''],
    ['newContacts.0.lastName', ''],
    ['newContacts.0.email', ''],
    ['adjutants', ''],
    ['visitors', ''],
  ]
  const keys = new Set(overrides.map(([key]) => key))
  return [...base.filter(([key]) => !keys.has(key)), ...overrides]
}

describe('one-time meeting creation page', () => {
  it('shows the form with templates and contacts; Basic sees the plan offer instead', async () => {
    const { user, get } = await signedIn()
    await createEventType(user.id, { name: 'Шаблонная консультация' })
    await db()
      .insert(contacts)
      .values({ id: newId(), ownerId: user.id, firstName: 'Ольга', email: email('olga') })
    const page = await get(PATH)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('data-testid="one-time-form"')
    expect(html).toContain('Шаблонная консультация')
    expect(html).toContain('Ольга')
    const basic = await signedIn('Basic')
    const offer = await (await basic.get(PATH)).text()
    expect(offer).toContain('data-testid="one-time-plan"')
    expect(offer).not.toContain('data-testid="one-time-form"')
    const meetingsPage = await (await get('/meetings')).text()
    expect(meetingsPage).toContain(`href="${PATH}"`)
  })

  it('creates a meeting for an existing and a new contact without script, then shows the share link', async () => {
    const { user, post, get } = await signedIn()
    const olga = { id: newId(), ownerId: user.id, firstName: 'Ольга', email: email('olga') }
    await db().insert(contacts).values(olga)
    const newEmail = email('ivan')
    // The date and time fields post what was typed: DD.MM.YYYY and 24-hour HH:mm (a short 1300 reads as 13:00).
    const answer = await post(
      PATH,
      formFields([
        ['date', isoToDmy(dateAhead(3))],
        ['timeTo', '1300'],
        ['existContacts', olga.id],
        ['newContacts.0.firstName', 'Иван'],
        ['newContacts.0.email', newEmail],
        ['intent', 'create'],
      ]),
    )
    expect(answer.status).toBe(302)
    const location = answer.headers.get('Location') ?? ''
    expect(location).toMatch(new RegExp(`^${PATH}\\?created=`))
    const id = decodeURIComponent(location.split('created=')[1])
    const [meeting] = await db().select().from(meetings).where(eq(meetings.id, id))
    expect(meeting).toMatchObject({ ownerId: user.id, name: 'Встреча выпускников', eventTypeId: null, totalSeats: 3 })
    expect(new Date(meeting.startAt).toISOString().slice(11, 16)).toBe('09:00')
    expect(meeting.endAt - meeting.startAt).toBe(60 * 60_000)
    expect(instantToZoned('Europe/Moscow', meeting.startAt).date).toBe(dateAhead(3))
    expect(await db().select().from(oneTimeInvitations).where(eq(oneTimeInvitations.meetingId, id))).toHaveLength(2)
    const created = await (await get(location)).text()
    expect(created).toContain(`/booking?companyEventId=${id}`)
    expect(created).toContain(newEmail)
    expect((await lastEmailTo(newEmail))?.subject).toBe('Приглашение: Встреча выпускников')
    // Another organizer's meeting is not theirs to share.
    const stranger = await signedIn()
    expect((await stranger.get(location)).status).toBe(404)
  })

  it('answers bad input with translated field errors and writes nothing', async () => {
    const { user, post } = await signedIn()
    const answer = await post(
      PATH,
      formFields([
        ['name', ''],
        ['newContacts.0.firstName', 'Иван'],
        ['newContacts.0.email', 'not-an-email'],
        ['timeTo', '11:00'],
        ['intent', 'create'],
      ]),
    )
    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toContain('Обязательное поле')
    expect(html).toContain('Некорректный email')
    expect(await db().select().from(meetings).where(eq(meetings.ownerId, user.id))).toHaveLength(0)
  })

  it('names a date or time the fields cannot read, keeps what was typed, and writes nothing', async () => {
    const { user, get, post } = await signedIn()
    const form = await (await get(PATH)).text()
    // The form shows its date as DD.MM.YYYY and its times as 24-hour text, whatever the browser's locale.
    expect(form).toContain(`value="${isoToDmy(dateAhead(1))}"`)
    expect(form).toContain('placeholder="ДД.ММ.ГГГГ"')
    expect(form).not.toMatch(/type="time"/)
    const answer = await post(
      PATH,
      formFields([
        ['date', '31.02.2027'],
        ['timeFrom', '12:00 PM'],
        ['timeTo', ''],
        ['intent', 'create'],
      ]),
    )
    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toContain('Некорректная дата')
    expect(html).toContain('Некорректное время')
    expect(html).toContain('Обязательное поле')
    expect(html).toContain('value="31.02.2027"')
    expect(html).toContain('value="12:00 PM"')
    expect(await db().select().from(meetings).where(eq(meetings.ownerId, user.id))).toHaveLength(0)
  })

  it('asks "Book anyway?" on an overlap and creates with ignoreOverlapEvents', async () => {
    const { user, post } = await signedIn()
    const date = dateAhead(4)
    await createMeeting(user.id, { startAt: Date.parse(`${date}T09:30:00Z`), people: [] })
    const fields = formFields([['intent', 'create']], date)
    const asked = await post(PATH, fields)
    expect(asked.status).toBe(409)
    const html = await asked.text()
    expect(html).toContain('data-testid="one-time-conflict"')
    expect(html).toContain('Записать всё равно?')
    const anyway = await post(PATH, [...fields.filter(([k]) => k !== 'intent'), ['ignoreOverlapEvents', 'on']])
    expect(anyway.status).toBe(302)
    expect(await db().select().from(meetings).where(eq(meetings.ownerId, user.id))).toHaveLength(2)
  })

  it('checks an invitee as they are picked, and an invitee accepted then is not asked about again', async () => {
    const { user, get, post } = await signedIn()
    const date = dateAhead(5)
    // The invitee is a specialist too, hosting their own meeting then; the organizer's own calendar is free. They are
    // the organizer's contact who met him (a booking set `lastBookingAt`): only such contacts' calendars count.
    const host = await createTestUser({ email: email('busy') })
    const busyEmail = host.email
    const busy = {
      id: newId(),
      ownerId: user.id,
      firstName: 'Занятой',
      email: busyEmail,
      lastBookingAt: Date.now() - DAY,
    }
    await db().insert(contacts).values(busy)
    await createMeeting(host.id, { startAt: Date.parse(`${date}T08:00:00Z`), durationMinutes: 90, people: [] })
    const check = async (timeFrom: string, timeTo: string, who = busyEmail) => {
      const query = new URLSearchParams({ email: who, date, timeZone: 'Europe/Moscow', timeFrom, timeTo })
      return (await (await get(`/meetings/one-time-event/free?${query}`)).json()) as { isFree: boolean | null }
    }
    expect(await check('11:30', '12:30')).toEqual({ isFree: false })
    expect(await check('12:00', '13:00', email('free'))).toEqual({ isFree: true })
    expect(await check('12:00', '11:00')).toEqual({ isFree: null })
    const anonymous = await SELF.fetch(`http://localhost/meetings/one-time-event/free?email=${busyEmail}`, {
      redirect: 'manual',
    })
    expect(anonymous.status).toBe(302)

    const fields = formFields(
      [
        ['timeFrom', '11:30'],
        ['timeTo', '12:30'],
        ['existContacts', busy.id],
        ['intent', 'create'],
      ],
      date,
    )
    const asked = await post(PATH, fields)
    expect(asked.status).toBe(409)
    // The organizer's time is free: the question is only about the invitee.
    expect(await asked.text()).toContain('Добавить всё равно?')
    const accepted = await post(PATH, [...fields, ['acceptedBusy', busyEmail]])
    expect(accepted.status).toBe(302)
  })

  it('fills the form from a template without script, and clearing keeps only what SPEC §4 keeps', async () => {
    const { user, post } = await signedIn()
    const template = await createEventType(user.id, {
      name: 'Шаблон-разбор',
      placeType: 'Online',
      meetingPoint: 'https://zoom.us/j/77',
      remindersInMinutes: [1440, 120],
      isPhoneRequired: true,
    })
    const filled = await post(
      PATH,
      formFields([
        ['template', template.id],
        ['intent', 'template'],
      ]),
    )
    expect(filled.status).toBe(200)
    const html = await filled.text()
    expect(html).toContain('value="Шаблон-разбор"')
    expect(html).toContain('value="https://zoom.us/j/77"')
    const cleared = await post(
      PATH,
      formFields([
        ['template', ''],
        ['name', 'Шаблон-разбор'],
        ['timeFrom', '15:00'],
        ['intent', 'template'],
      ]),
    )
    const text = await cleared.text()
    expect(text).not.toContain('value="Шаблон-разбор"')
    expect(text).toContain('value="15:00"')
  })
})

describe('/booking page', () => {
  async function oneTime() {
    const { user, post } = await signedIn()
    const invited = email('inv')
    const answer = await post(
      PATH,
      formFields([
        ['newContacts.0.firstName', 'Анна'],
        ['newContacts.0.email', invited],
        ['isPhoneRequired', 'on'],
        ['intent', 'create'],
      ]),
    )
    const id = decodeURIComponent((answer.headers.get('Location') ?? '').split('created=')[1])
    const text = (await lastEmailTo(invited))?.text ?? ''
    const token = text.match(/invite=([A-Za-z0-9_-]+)/)?.[1] ?? ''
    return { user, id, invited, token }
  }
  const postForm = (path: string, fields: Record<string, string>) =>
    SELF.fetch(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost', Host: 'localhost' },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    })

  it('lets the invitee confirm without script and a guest book a seat; unknown ids are 404', async () => {
    const { id, invited, token } = await oneTime()
    const mine = await SELF.fetch(`http://localhost/booking?companyEventId=${id}&invite=${token}`)
    expect(mine.status).toBe(200)
    const html = await mine.text()
    expect(html).toContain('Вас пригласили на встречу')
    expect(html).toContain(invited)
    const missingPhone = await postForm(`/booking?index&companyEventId=${id}&invite=${token}`, {
      firstName: 'Анна',
      email: invited,
    })
    expect(missingPhone.status).toBe(400)
    expect(await missingPhone.text()).toContain('Обязательное поле')
    const confirmed = await postForm(`/booking?index&companyEventId=${id}&invite=${token}`, {
      firstName: 'Анна',
      email: invited,
      phone: '+7 900 111-22-33',
    })
    expect(confirmed.status).toBe(200)
    expect(await confirmed.text()).toContain('Участие подтверждено')
    const [invitation] = await db().select().from(oneTimeInvitations).where(eq(oneTimeInvitations.meetingId, id))
    expect(invitation.confirmedAt).not.toBeNull()

    const guestPage = await (await SELF.fetch(`http://localhost/booking?companyEventId=${id}&lang=en`)).text()
    expect(guestPage).toContain('Seats left: 2 of 3')
    const guest = await postForm(`/booking?index&companyEventId=${id}&lang=en`, {
      firstName: 'Guest',
      email: email('guest'),
      phone: '+7 900 111-22-34',
    })
    expect(guest.status).toBe(200)
    expect(await guest.text()).toContain('You are booked!')
    expect((await SELF.fetch('http://localhost/booking?companyEventId=nope-nope-nope')).status).toBe(404)
    expect((await SELF.fetch('http://localhost/booking')).status).toBe(404)
  })
})
