import { describe, expect, it } from 'vitest'
import { type RequiredFields, contactInfoSchema, organizerMessageSchema } from '#app/domain/booking/contact-form.ts'
import { CONTROL_CHARS_MESSAGE } from '#app/domain/fields.ts'
import { reminderDueTimes } from '#app/domain/reminders/plan.ts'

const none = { isLastNameRequired: false, isPhoneRequired: false, isMessengerRequired: false }
const all = { isLastNameRequired: true, isPhoneRequired: true, isMessengerRequired: true }

describe('contactInfoSchema', () => {
  it('needs a name and an email always; the rest only when the event type requires it', () => {
    const ok = contactInfoSchema(none).safeParse({ firstName: ' Иван ', email: 'IVAN@Example.com' })
    expect(ok.success && ok.data).toEqual({
      firstName: 'Иван',
      lastName: '',
      email: 'ivan@example.com',
      phone: null,
      comment: null,
      messengerType: null,
      messengerValue: null,
    })
    const missing = contactInfoSchema(all).safeParse({ firstName: 'Иван', email: 'ivan@example.com' })
    expect(missing.success).toBe(false)
    expect(missing.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['lastName', 'messengerValue', 'phone'])
    expect(contactInfoSchema(none).safeParse({ firstName: 'Иван' }).success).toBe(false)
    expect(contactInfoSchema(none).safeParse({ firstName: 'Иван', email: 'no' }).success).toBe(false)
  })

  it('defaults the messenger to WhatsApp, and drops the type when the value is empty (SPEC §5)', () => {
    const base = { firstName: 'Иван', email: 'i@example.com' }
    expect(contactInfoSchema(none).parse({ ...base, messengerValue: '@ivan' }).messengerType).toBe('WhatsApp')
    expect(
      contactInfoSchema(none).parse({ ...base, messengerType: 'Telegram', messengerValue: '' }).messengerType,
    ).toBe(null)
    expect(contactInfoSchema(none).safeParse({ ...base, messengerType: 'ICQ', messengerValue: '1' }).success).toBe(
      false,
    )
  })

  it('checks phones and lengths', () => {
    const base = { firstName: 'Иван', email: 'i@example.com' }
    expect(contactInfoSchema(none).safeParse({ ...base, phone: 'call me' }).success).toBe(false)
    expect(contactInfoSchema(none).parse({ ...base, phone: '+7 (900) 000-00-00' }).phone).toBe('+7 (900) 000-00-00')
    expect(contactInfoSchema(none).safeParse({ ...base, comment: 'x'.repeat(1501) }).success).toBe(false)
    expect(contactInfoSchema(none).safeParse({ ...base, lastName: 'П' }).success).toBe(false)
  })
})

/** Every combination of the event type's required flags, each with optional fields hidden or shown. */
const FLAG_SETS: (RequiredFields & { isOptionalInputsHidden: boolean })[] = [false, true].flatMap((last) =>
  [false, true].flatMap((phone) =>
    [false, true].flatMap((messenger) =>
      [false, true].map((hidden) => ({
        isLastNameRequired: last,
        isPhoneRequired: phone,
        isMessengerRequired: messenger,
        isOptionalInputsHidden: hidden,
      })),
    ),
  ),
)

/**
 * What the booking form posts without script (app/components/booking/event-page.tsx FormStep): every shown field,
 * empty unless required; a hidden field is not posted, and the page action reads a missing field as ''.
 */
function postedForm(flags: (typeof FLAG_SETS)[number]) {
  const show = (required: boolean) => required || !flags.isOptionalInputsHidden
  const posted: Record<string, string> = { firstName: 'Иван', email: 'ivan@example.com' }
  if (show(flags.isLastNameRequired)) posted.lastName = flags.isLastNameRequired ? 'Петров' : ''
  if (show(flags.isPhoneRequired)) posted.phone = flags.isPhoneRequired ? '+7 900 000-00-00' : ''
  if (show(flags.isMessengerRequired)) {
    posted.messengerType = 'WhatsApp'
    posted.messengerValue = flags.isMessengerRequired ? '+7 900 000-00-00' : ''
  }
  if (!flags.isOptionalInputsHidden) posted.comment = ''
  const read = Object.fromEntries(
    ['firstName', 'lastName', 'email', 'phone', 'messengerType', 'messengerValue', 'comment'].map((k) => [
      k,
      posted[k] ?? '',
    ]),
  )
  return { posted, read }
}

describe('contactInfoSchema over every combination of required and hidden fields', () => {
  for (const flags of FLAG_SETS) {
    it(`accepts the form as posted: ${JSON.stringify(flags)}`, () => {
      const { posted, read } = postedForm(flags)
      // The page action (missing fields read as '') and a JSON body holding only the posted fields.
      for (const body of [read, posted]) {
        const parsed = contactInfoSchema(flags).safeParse(body)
        expect(parsed.error?.issues ?? []).toEqual([])
        expect(parsed.data?.messengerType).toBe(flags.isMessengerRequired ? 'WhatsApp' : null)
      }
    })
  }

  it('reads an empty or missing messenger type as none, and refuses an unknown one', () => {
    const base = { firstName: 'Иван', email: 'i@example.com' }
    for (const messengerType of ['', '  ', null, undefined]) {
      expect(contactInfoSchema(none).parse({ ...base, messengerType, messengerValue: '' }).messengerType).toBe(null)
      expect(contactInfoSchema(none).parse({ ...base, messengerType, messengerValue: '@ivan' }).messengerType).toBe(
        'WhatsApp',
      )
    }
    const bad = contactInfoSchema(all).safeParse({ ...base, messengerType: 'ICQ' })
    expect(bad.error?.issues.find((i) => i.path[0] === 'messengerType')?.message).toBe('validation:invalid')
  })
})

describe('control characters in the public forms', () => {
  const base = { firstName: 'Иван', lastName: 'Петров', email: 'i@example.com' }
  it('are refused in names, phone and messenger, with one translated message per field', () => {
    for (const field of ['firstName', 'lastName', 'phone', 'messengerValue']) {
      for (const evil of ['Иван\r\nBcc: x@example.com', 'Ив\nан', 'Ив\u0000ан', 'Ив\tан', 'Ив\u0085ан', 'Ив\u2028ан']) {
        const parsed = contactInfoSchema(all).safeParse({
          ...base,
          phone: '+7 900 000-00-00',
          messengerValue: '@ivan',
          [field]: evil,
        })
        const issues = parsed.error?.issues.filter((i) => i.path[0] === field) ?? []
        expect(
          issues.map((i) => i.message),
          `${field} ${JSON.stringify(evil)}`,
        ).toEqual([CONTROL_CHARS_MESSAGE])
      }
    }
  })

  it('keep line breaks and tabs in the comment, but no other control character', () => {
    expect(contactInfoSchema(none).parse({ ...base, comment: 'Line 1\r\nLine 2\n\tthree' }).comment).toBe(
      'Line 1\r\nLine 2\n\tthree',
    )
    const bell = contactInfoSchema(none).safeParse({ ...base, comment: 'Ring\u0007' })
    expect(bell.error?.issues.map((i) => i.message)).toEqual([CONTROL_CHARS_MESSAGE])
    const message = organizerMessageSchema.safeParse({ name: 'Мария\r\nX', email: 'm@example.com', text: 'a\nb' })
    expect(message.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['name', CONTROL_CHARS_MESSAGE]])
  })
})

describe('organizerMessageSchema', () => {
  it('gives one message per field: an empty name is only "required"', () => {
    const parsed = organizerMessageSchema.safeParse({ name: '', email: '', text: '' })
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'validation:required'],
      ['email', 'validation:required'],
      ['text', 'validation:required'],
    ])
    const short = organizerMessageSchema.safeParse({ name: 'A', email: 'm@example.com', text: 'hi' })
    expect(short.error?.issues.map((i) => i.message)).toEqual(['validation:minChars'])
  })
})

describe('reminderDueTimes', () => {
  it('gives one due instant per offset and skips the past ones', () => {
    const start = Date.UTC(2027, 0, 2, 12)
    expect(reminderDueTimes(start, [60, 1440, 60, 0], start - 2 * 3600_000)).toEqual([
      { offsetMinutes: 60, dueAt: start - 3600_000 },
    ])
    expect(reminderDueTimes(start, [60, 1440], start - 3 * 86400_000).map((r) => r.offsetMinutes)).toEqual([1440, 60])
  })
})
