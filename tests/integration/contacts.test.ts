import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { isoToDmy } from '#app/domain/time/index.ts'
import { getDb } from '#app/server/db.server.ts'
import { contacts, meetings, outbox } from '#db/schema.ts'
import { api, emailsTo, lastEmailTo, unique } from './helpers/accounts.ts'
import { DAY, createEventType, createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser, sessionCookieFor } from './helpers/users.ts'
import { SELF } from 'cloudflare:test'

type ContactItem = {
  id: string
  firstName: string
  email: string
  eventTypeName: string | null
  communicationMethod: string
}
type ContactList = { items: ContactItem[]; pagination: { totalCount: number; currentOffset: number } }

async function specialist(plan: 'Basic' | 'Standard' | 'Pro' = 'Standard') {
  const user = await createTestUser({ plan })
  return { user, auth: await bearerFor(user.id) }
}

function email(prefix: string) {
  return `${unique(prefix)}@example.com`
}

describe('contacts from bookings', () => {
  it('creates one contact per email across bookings, refreshing its last booking and event type', async () => {
    const { user, auth } = await specialist()
    const first = await createEventType(user.id)
    const second = await createEventType(user.id)
    const client = email('client')
    await createMeeting(user.id, {
      eventType: first,
      startAt: Date.now() - 5 * DAY,
      people: [{ email: client, firstName: 'Ира' }],
    })
    await createMeeting(user.id, {
      eventType: second,
      startAt: Date.now() + 2 * DAY,
      people: [{ email: client.toUpperCase(), firstName: 'Ирина', phone: '+79990000000' }],
    })
    const list = await api<ContactList>('GET', '/contacts', { auth })
    expect(list.status).toBe(200)
    expect(list.body.data.items).toHaveLength(1)
    expect(list.body.data.items[0]).toMatchObject({
      firstName: 'Ирина',
      email: client,
      eventTypeName: second.name,
      communicationMethod: 'phone',
    })
    // The filter's event types: the specialist's own, by name (the answer is checked against the OpenAPI document).
    const types = await api<{ id: string }[]>('GET', '/contacts/eventTypes', { auth })
    expect(types.status).toBe(200)
    expect(types.body.data.map((type) => type.id).sort()).toEqual([first.id, second.id].sort())
  })
})

describe('contacts API', () => {
  it('adds by hand, refuses a duplicate email and bad input with translated errors', async () => {
    const { auth } = await specialist()
    const address = email('hand')
    const created = await api<{ id: string }>('POST', '/contacts', {
      auth,
      body: { firstName: 'Олег', email: address, messengerValue: '@oleg' },
    })
    expect(created.status).toBe(201)
    const duplicate = await api('POST', '/contacts', {
      auth,
      body: { firstName: 'Олег', email: address.toUpperCase() },
      language: 'en',
    })
    expect(duplicate.status).toBe(400)
    expect(duplicate.body.apiErrors[0].text).toBe('email: A contact with this email already exists')
    const bad = await api('POST', '/contacts', { auth, body: { firstName: '', email: 'nope' } })
    expect(bad.status).toBe(400)
    expect(bad.body.apiErrors.map((e) => e.text)).toEqual(['firstName: Обязательное поле', 'email: Некорректный email'])
    const [row] = await getDb(env.DB).select().from(contacts).where(eq(contacts.id, created.body.data.id))
    expect(row).toMatchObject({ messengerType: 'WhatsApp', messengerValue: '@oleg' })
  })

  it('filters by name, email, event types, period and "not done"', async () => {
    const { user, auth } = await specialist()
    const yoga = await createEventType(user.id, { name: 'Йога' })
    const massage = await createEventType(user.id, { name: 'Массаж' })
    const anna = email('anna')
    const boris = email('boris')
    const vera = email('vera')
    await createMeeting(user.id, {
      eventType: yoga,
      startAt: Date.now() - 10 * DAY,
      people: [{ email: anna, firstName: 'Анна', lastName: 'Петрова' }],
    })
    await createMeeting(user.id, {
      eventType: massage,
      startAt: Date.now() + 3 * DAY,
      people: [{ email: boris, firstName: 'Борис' }],
    })
    await createMeeting(user.id, {
      eventType: yoga,
      startAt: Date.now() - 20 * DAY,
      isFailed: true,
      people: [{ email: vera, firstName: 'Вера' }],
    })
    const names = async (query: string) =>
      (await api<ContactList>('GET', `/contacts${query}`, { auth })).body.data.items.map((c) => c.firstName).sort()
    expect(await names('')).toEqual(['Анна', 'Борис', 'Вера'])
    expect(await names('?firstName=анн')).toEqual(['Анна'])
    expect(await names('?firstAndLastName=Анна%20Пет')).toEqual(['Анна'])
    expect(await names(`?email=${encodeURIComponent(boris.slice(0, 8))}`)).toEqual(['Борис'])
    expect(await names(`?eventTypeIds=${massage.id}`)).toEqual(['Борис'])
    expect(await names(`?eventTypeIds=${massage.id}&eventTypeIds=${yoga.id}`)).toEqual(['Анна', 'Борис', 'Вера'])
    const day = (offset: number) => {
      const d = new Date(Date.now() + offset * DAY)
      return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`
    }
    expect(await names(`?from=${day(-15)}&to=${day(-1)}`)).toEqual(['Анна'])
    // Anna's meeting was held; Boris's is upcoming; Vera's was marked not held.
    expect(await names('?viewNotDone=true')).toEqual(['Борис', 'Вера'])
    const bad = await api('GET', `/contacts?from=${day(2)}&to=${day(1)}`, { auth, language: 'en' })
    expect(bad.status).toBe(400)
    expect(bad.body.apiErrors[0].text).toBe('to: End must be later than start')
    const badDate = await api('GET', '/contacts?from=31.02.2026', { auth, language: 'en' })
    expect(badDate.status).toBe(400)
  })

  it('archives and reopens; another owner cannot see or touch them (404, nothing changes)', async () => {
    const { user, auth } = await specialist()
    const other = await specialist()
    const address = email('arch')
    await createMeeting(user.id, { startAt: Date.now() + DAY, people: [{ email: address, firstName: 'Ян' }] })
    const [contact] = (await api<ContactList>('GET', '/contacts', { auth })).body.data.items
    expect((await api<ContactList>('GET', '/contacts', { auth: other.auth })).body.data.items).toEqual([])
    const foreign = await api('DELETE', `/contacts?ids=${contact.id}`, { auth: other.auth })
    expect(foreign.status).toBe(404)
    const [still] = await getDb(env.DB).select().from(contacts).where(eq(contacts.id, contact.id))
    expect(still.isArchived).toBe(false)

    expect((await api('DELETE', `/contacts?ids=${contact.id}`, { auth })).status).toBe(200)
    expect((await api<ContactList>('GET', '/contacts', { auth })).body.data.items).toEqual([])
    expect((await api<ContactList>('GET', '/contacts?viewArchive=true', { auth })).body.data.items).toHaveLength(1)
    expect((await api('PUT', '/contacts/reopen', { auth: other.auth, body: { ids: [contact.id] } })).status).toBe(404)
    expect((await api('PUT', '/contacts/reopen', { auth, body: { ids: [contact.id] } })).status).toBe(200)
    expect((await api<ContactList>('GET', '/contacts', { auth })).body.data.items).toHaveLength(1)
    expect((await api('GET', '/contacts')).status).toBe(401)
  })

  it('sends a message through the outbox on Standard, refuses it on Basic (403) and over 1500 characters', async () => {
    const { user, auth } = await specialist('Standard')
    const address = email('msg')
    await createMeeting(user.id, { startAt: Date.now() + DAY, people: [{ email: address, firstName: 'Лев' }] })
    const [contact] = (await api<ContactList>('GET', '/contacts', { auth })).body.data.items
    expect(
      (await api<{ isOk: boolean }>('GET', '/contacts/message/isOkToSendEmailsToContacts', { auth })).body.data,
    ).toEqual({ isOk: true })
    const sent = await api<{ ids_ok: string[]; ids_error: string[] }>('POST', '/contacts/message', {
      auth,
      body: { contactIds: [contact.id], message: 'Перенесём на час позже?' },
    })
    expect(sent.status).toBe(200)
    expect(sent.body.data).toMatchObject({ ids_ok: [contact.id], ids_error: [] })
    const mail = await lastEmailTo(address)
    expect(mail?.text).toContain('Перенесём на час позже?')
    expect(mail?.text).toContain('Здравствуйте, Лев!')

    const tooLong = await api('POST', '/contacts/message', {
      auth,
      body: { contactIds: [contact.id], message: 'a'.repeat(1501) },
    })
    expect(tooLong.status).toBe(400)
    expect(await emailsTo(address)).toHaveLength(1)

    const basic = await specialist('Basic')
    await createMeeting(basic.user.id, { startAt: Date.now() + DAY, people: [{ email: address, firstName: 'Лев' }] })
    const [basicContact] = (await api<ContactList>('GET', '/contacts', { auth: basic.auth })).body.data.items
    expect(
      (await api<{ isOk: boolean }>('GET', '/contacts/message/isOkToSendEmailsToContacts', { auth: basic.auth })).body
        .data,
    ).toEqual({ isOk: false })
    const refused = await api('POST', '/contacts/message', {
      auth: basic.auth,
      body: { contactIds: [basicContact.id], message: 'Привет' },
      language: 'en',
    })
    expect(refused.status).toBe(403)
    expect(refused.body.apiErrors[0].text).toBe('Not available on your plan')
    expect(await emailsTo(address)).toHaveLength(1)
  })

  it('invites contacts to book an event type by its link', async () => {
    const { user, auth } = await specialist('Pro')
    const eventType = await createEventType(user.id)
    const address = email('inv')
    await createMeeting(user.id, { startAt: Date.now() + DAY, people: [{ email: address, firstName: 'Ада' }] })
    const [contact] = (await api<ContactList>('GET', '/contacts', { auth })).body.data.items
    const sent = await api('POST', '/contacts/invitation', {
      auth,
      body: { contactIds: [contact.id], eventTypeId: eventType.id },
    })
    expect(sent.status).toBe(200)
    expect((await lastEmailTo(address))?.text).toContain(`/${user.login}/${eventType.link}`)
    const other = await specialist('Pro')
    const foreignType = await createEventType(other.user.id)
    const refused = await api('POST', '/contacts/invitation', {
      auth,
      body: { contactIds: [contact.id], eventTypeId: foreignType.id },
    })
    expect(refused.status).toBe(404)
  })
})

describe('/contacts page', () => {
  it('filters the period as its date fields send it (DD.MM.YYYY, old YYYY-MM-DD links) and names a bad date', async () => {
    const user = await createTestUser({ plan: 'Standard' })
    const cookie = await sessionCookieFor(user.id)
    const page = async (query: string) =>
      (await SELF.fetch(`http://localhost/contacts${query}`, { headers: { Cookie: cookie } })).text()
    const earlier = email('earlier')
    const later = email('later')
    await createMeeting(user.id, { startAt: Date.now() - 20 * DAY, people: [{ email: earlier, firstName: 'Олег' }] })
    await createMeeting(user.id, { startAt: Date.now() - 5 * DAY, people: [{ email: later, firstName: 'Рита' }] })
    const iso = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)
    const dmy = (offset: number) => isoToDmy(iso(offset))

    const typed = await page(`?from=${dmy(-10)}&to=${dmy(-1)}`)
    expect(typed).toContain(later)
    expect(typed).not.toContain(earlier)
    expect(typed).toContain(`value="${dmy(-10)}"`)
    // A bookmark of the former date inputs (YYYY-MM-DD) filters the same and shows the dates as DD.MM.YYYY.
    const bookmarked = await page(`?from=${iso(-10)}&to=${iso(-1)}`)
    expect(bookmarked).toContain(later)
    expect(bookmarked).not.toContain(earlier)
    expect(bookmarked).toContain(`value="${dmy(-10)}"`)
    expect(bookmarked).toContain(`value="${dmy(-1)}"`)

    // Something that is no date is named under its field, kept as typed; the list is not narrowed by it.
    const bad = await page(`?from=31.02.2027&to=${dmy(-1)}`)
    expect(bad).toContain('Некорректная дата')
    expect(bad).toContain('value="31.02.2027"')
    expect(bad).toContain(earlier)
    expect(bad).toContain(later)
    const inverted = await page(`?from=${dmy(-1)}&to=${dmy(-10)}`)
    expect(inverted).toContain('Конец должен быть позже начала')
  })

  it('renders the table and the plain empty message; archives through the form action', async () => {
    const user = await createTestUser({ plan: 'Standard' })
    const cookie = await sessionCookieFor(user.id)
    const page = async (query = '') =>
      (await SELF.fetch(`http://localhost/contacts${query}`, { headers: { Cookie: cookie } })).text()
    expect(await page()).toContain('Контактов пока нет')
    const address = email('page')
    await createMeeting(user.id, { startAt: Date.now() + DAY, people: [{ email: address, firstName: 'Мира' }] })
    const table = await page()
    expect(table).toContain(address)
    // No empty columns: nobody has a phone, a messenger or a clinic ID yet; email, last booking, method are there.
    expect(table).toContain('data-testid="contacts-column-email"')
    expect(table).toContain('data-testid="contacts-column-lastBooking"')
    expect(table).toContain('data-testid="contacts-column-method"')
    expect(table).not.toContain('data-testid="contacts-column-phone"')
    expect(table).not.toContain('data-testid="contacts-column-messenger"')
    expect(table).not.toContain('data-testid="contacts-column-clinicId"')
    await createMeeting(user.id, {
      startAt: Date.now() + 2 * DAY,
      people: [{ email: email('phone'), firstName: 'Фил', phone: '+79990001122' }],
    })
    expect(await page()).toContain('data-testid="contacts-column-phone"')
    expect(await page('?firstName=zzz')).toContain('Под фильтры не подходит ни один контакт')
    expect(await page('?viewArchive=true')).toContain('Архив пуст')
    const [contact] = await getDb(env.DB).select().from(contacts).where(eq(contacts.email, address))
    const body = new URLSearchParams({ intent: 'archive', contactIds: contact.id })
    const response = await SELF.fetch('http://localhost/contacts', {
      method: 'POST',
      headers: {
        Cookie: cookie,
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'http://localhost',
        Host: 'localhost',
      },
      body,
    })
    expect(response.status).toBeLessThan(400)
    const [archived] = await getDb(env.DB).select().from(contacts).where(eq(contacts.id, contact.id))
    expect(archived.isArchived).toBe(true)
    expect(await getDb(env.DB).select().from(outbox).where(eq(outbox.recipient, address))).toEqual([])
  })
})

describe('contacts search and last booking (issue 18)', () => {
  it('finds Cyrillic names in any letter case, in the API and on the page', async () => {
    const { user, auth } = await specialist()
    await createMeeting(user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: email('ci'), firstName: 'Анна', lastName: 'Петрова' }],
    })
    await api('POST', '/contacts', { auth, body: { firstName: 'ЁЖИК', lastName: 'Туманов', email: email('ci2') } })
    await api('POST', '/contacts', { auth, body: { firstName: 'John', lastName: 'SMITH', email: email('ci3') } })
    const names = async (query: string) =>
      (await api<ContactList>('GET', `/contacts${query}`, { auth })).body.data.items.map((c) => c.firstName).sort()
    expect(await names(`?firstName=${encodeURIComponent('АНН')}`)).toEqual(['Анна'])
    expect(await names(`?lastName=${encodeURIComponent('пЕТРОВ')}`)).toEqual(['Анна'])
    expect(await names(`?firstAndLastName=${encodeURIComponent('анна петрова')}`)).toEqual(['Анна'])
    expect(await names(`?firstName=${encodeURIComponent('ёжик')}`)).toEqual(['ЁЖИК'])
    expect(await names('?lastName=smi')).toEqual(['John'])
    expect(await names('?firstName=%25')).toEqual([])
    const cookie = await sessionCookieFor(user.id)
    const page = await SELF.fetch(`http://localhost/contacts?firstName=${encodeURIComponent('ёЖи')}`, {
      headers: { Cookie: cookie },
    })
    const html = await page.text()
    expect(html).toContain('ЁЖИК')
    expect(html).not.toContain('Анна')
  })

  it('shows the latest meeting date as the last booking, not when it was booked, and follows a move', async () => {
    const { user, auth } = await specialist()
    const start = Date.now() + 9 * DAY
    const meeting = await createMeeting(user.id, { startAt: start, people: [{ email: email('lb'), firstName: 'Лев' }] })
    // The booking was made now: the stored booking time differs from the meeting's.
    await getDb(env.DB).update(contacts).set({ lastBookingAt: Date.now() }).where(eq(contacts.ownerId, user.id))
    const item = async () =>
      (await api<{ items: { lastBookingAt: number | null }[] }>('GET', '/contacts', { auth })).body.data.items[0]
    expect((await item()).lastBookingAt).toBe(start)
    const moved = start + 3 * DAY
    await getDb(env.DB)
      .update(meetings)
      .set({ startAt: moved, endAt: moved + 3_600_000 })
      .where(eq(meetings.id, meeting.id))
    expect((await item()).lastBookingAt).toBe(moved)
    const dmy = (at: number) => isoToDmy(new Date(at + 3 * 3_600_000).toISOString().slice(0, 10))
    const inRange = await api<ContactList>('GET', `/contacts?from=${dmy(moved)}&to=${dmy(moved)}`, { auth })
    expect(inRange.body.data.items).toHaveLength(1)
    const before = await api<ContactList>('GET', `/contacts?to=${dmy(start)}`, { auth })
    expect(before.body.data.items).toHaveLength(0)
  })
})
