import { describe, expect, it } from 'vitest'
import { MAX_COMPANIONS, bookingContactSchema } from '#app/domain/booking/contact-form.ts'

const schema = bookingContactSchema({ isLastNameRequired: false, isPhoneRequired: false, isMessengerRequired: false })
const base = { firstName: 'Иван', email: 'Ivan@Example.com' }

describe('the booking form with companions and tempCustomField (ADR 0105)', () => {
  it("folds companions: blanks, repeats (any case) and the client's own email are dropped", () => {
    const parsed = schema.parse({ ...base, emails: ['a@x.ru', '', ' A@X.ru ', 'ivan@example.com', 'b@x.ru'] })
    expect(parsed.emails).toEqual(['a@x.ru', 'b@x.ru'])
    expect(parsed.email).toBe('ivan@example.com')
  })

  it('keeps tempCustomField trimmed, null when empty, and no companions when none are sent', () => {
    expect(schema.parse({ ...base, tempCustomField: '  К-17 ' })).toMatchObject({ tempCustomField: 'К-17', emails: [] })
    expect(schema.parse({ ...base, tempCustomField: '' }).tempCustomField).toBeNull()
  })

  it('refuses a bad companion email at its index, too many companions, and a too long custom field', () => {
    const bad = schema.safeParse({ ...base, emails: ['a@x.ru', 'nope'] })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['emails.1', 'validation:invalidEmail'],
    ])
    const many = schema.safeParse({
      ...base,
      emails: Array.from({ length: MAX_COMPANIONS + 1 }, (_, i) => `p${i}@x.ru`),
    })
    expect(many.error?.issues.map((i) => i.message)).toEqual(['booking:errors.tooManyCompanions'])
    expect(schema.safeParse({ ...base, tempCustomField: 'x'.repeat(201) }).success).toBe(false)
  })
})
