import { describe, expect, it } from 'vitest'
import { contactInfoSchema } from '#app/domain/booking/contact-form.ts'
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

describe('reminderDueTimes', () => {
  it('gives one due instant per offset and skips the past ones', () => {
    const start = Date.UTC(2027, 0, 2, 12)
    expect(reminderDueTimes(start, [60, 1440, 60, 0], start - 2 * 3600_000)).toEqual([
      { offsetMinutes: 60, dueAt: start - 3600_000 },
    ])
    expect(reminderDueTimes(start, [60, 1440], start - 3 * 86400_000).map((r) => r.offsetMinutes)).toEqual([1440, 60])
  })
})
