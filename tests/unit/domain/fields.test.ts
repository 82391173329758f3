import { describe, expect, it } from 'vitest'
import { EmailSchema as AccountEmailSchema, NameSchema } from '#app/domain/accounts/rules.ts'
import { contactInfoSchema } from '#app/domain/booking/contact-form.ts'
import { NewContactSchema as ContactsNewContact, FilterDateSchema } from '#app/domain/contacts/rules.ts'
import { emailField, optionalPhone, parsedBy, personName } from '#app/domain/fields.ts'
import { InviteeEmailsSchema } from '#app/domain/meetings/rules.ts'
import { NewContactSchema as OneTimeNewContact } from '#app/domain/one-time/rules.ts'
import { parseUtcInstant } from '#app/domain/time/index.ts'
import { z } from 'zod'

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? [])

const noRequired = { isLastNameRequired: false, isPhoneRequired: false, isMessengerRequired: false }

/** Every form that takes a person's name and email reads them with the one rule of app/domain/fields.ts. */
const people = [
  ['booking form', (v: Record<string, unknown>) => contactInfoSchema(noRequired).safeParse(v)],
  ['contact added by hand', (v: Record<string, unknown>) => ContactsNewContact.safeParse(v)],
  ['one-time new contact', (v: Record<string, unknown>) => OneTimeNewContact.safeParse(v)],
] as const

describe('one rule per field', () => {
  it.each(people)('%s: a first name has at least 2 characters (SPEC §5)', (_, parse) => {
    expect(messages(parse({ firstName: ' А ', email: 'a@b.ru' }))).toEqual(['validation:minChars'])
    expect(parse({ firstName: 'Ан', email: 'a@b.ru' }).success).toBe(true)
  })

  it.each(people)('%s: an email is trimmed and kept in lower case; a bad one is refused', (_, parse) => {
    const good = parse({ firstName: 'Анна', email: '  Anna@Example.RU ' })
    expect(good.success && good.data.email).toBe('anna@example.ru')
    expect(messages(parse({ firstName: 'Анна', email: 'anna@' }))).toEqual(['validation:invalidEmail'])
    expect(messages(parse({ firstName: 'Анна', email: '' }))).toEqual(['validation:required'])
  })

  it.each(people)('%s: a name with a line break is refused', (_, parse) => {
    expect(messages(parse({ firstName: 'Анна\r\nBcc: x@y.z', email: 'a@b.ru' }))).toEqual([
      'booking:errors.controlChars',
    ])
  })

  it('the account pages keep their own texts for the same email rule', () => {
    expect(AccountEmailSchema.parse(' Anna@Example.RU ')).toBe('anna@example.ru')
    expect(messages(AccountEmailSchema.safeParse('anna@'))).toEqual(['accounts:email.invalid'])
    expect(messages(AccountEmailSchema.safeParse(''))).toEqual(['accounts:required'])
    expect(messages(NameSchema.safeParse('А'))).toEqual(['accounts:name.min'])
  })

  it('invitee lists and single fields share the email rule', () => {
    expect(InviteeEmailsSchema.safeParse(['A@B.RU']).data).toEqual(['a@b.ru'])
    expect(emailField().safeParse(`${'x'.repeat(196)}@b.ru`).success).toBe(false)
    expect(personName().safeParse('Ян').success).toBe(true)
    expect(optionalPhone().parse('')).toBeNull()
    expect(messages(optionalPhone().safeParse('call me'))).toEqual(['validation:invalidPhone'])
  })

  it('a text read by a parser that throws answers the given issue instead', () => {
    const instant = z.string().transform(parsedBy(parseUtcInstant, 'instant'))
    expect(instant.parse('2027-03-14T07:30:00Z')).toBe(Date.UTC(2027, 2, 14, 7, 30))
    expect(messages(instant.safeParse('14.03.2027'))).toEqual(['instant'])
    expect(FilterDateSchema.parse(' 05.03.2027 ')).toBe('2027-03-05')
    expect(FilterDateSchema.parse('2027-03-05')).toBe('2027-03-05')
    expect(FilterDateSchema.parse('')).toBeNull()
    expect(messages(FilterDateSchema.safeParse('31.02.2027'))).toEqual(['validation:invalidDate'])
  })
})
