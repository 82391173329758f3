import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { SignupFormSchema } from '#app/domain/accounts/rules.ts'
import { MAX_COMPANIONS, bookingContactSchema, organizerMessageSchema } from '#app/domain/booking/contact-form.ts'
import { ContactFilterPageSchema } from '#app/domain/contacts/rules.ts'
import { refusal } from '#app/domain/refusal.ts'
import { scheduleFormSchema, scheduleSchema } from '#app/domain/schedules/schema.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { issueText } from '#app/i18n/zod-errors.ts'
import { fieldTexts, parseForm, parseValue } from '#app/server/forms/parse.server.ts'
import { pageErrors } from '#app/server/refusal.server.ts'

const en = getT('en')
const ru = getT('ru')
const ALL_REQUIRED = { isLastNameRequired: true, isPhoneRequired: true, isMessengerRequired: false }

function form(fields: Record<string, string | string[]>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one)
  return data
}

/** A guest's contact fields as the booking form sends them. */
const anna = (fields: Record<string, string | string[]>) =>
  form({ firstName: 'Anna', lastName: 'Smith', email: 'anna@example.com', ...fields })

/** The sign-up form after a booking, the attacker's email in it, with this repeated password. */
const signupAs = (passwordRepeat: string) =>
  parseForm(
    form({
      email: 'attacker@example.com',
      login: 'anna_s',
      firstName: 'Anna',
      lastName: 'Smith',
      password: 'Secret-123',
      passwordRepeat,
      isAgreementAccepted: 'on',
    }),
    SignupFormSchema,
    en,
    { set: { email: 'guest@example.com' } },
  )

/** What the JSON API says about the same input (workers/api/envelope.ts parseWith): "field: text" per issue. */
function apiTexts(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value, { reportInput: true })
  return result.success ? [] : result.error.issues.map((issue) => issueText(issue, en))
}

describe('parseForm', () => {
  it('gives the value the API would get for a valid form (empty fields are missing ones, extra fields dropped)', () => {
    const parsed = parseForm(
      form({
        intent: 'book',
        firstName: ' Anna ',
        lastName: 'Smith',
        email: 'Anna@Example.com',
        phone: '+7 900 000-00-00',
        messengerType: '',
        messengerValue: '',
        comment: '',
        emails: ['', 'bob@example.com', 'anna@example.com'],
      }),
      bookingContactSchema(ALL_REQUIRED),
      en,
    )
    expect(parsed).toEqual({
      ok: true,
      value: expect.objectContaining({
        firstName: 'Anna',
        lastName: 'Smith',
        email: 'anna@example.com',
        phone: '+7 900 000-00-00',
        messengerType: null,
        messengerValue: null,
        comment: null,
        emails: ['bob@example.com'],
      }),
    })
  })

  it('puts each translated text under its field, without the field name, and says what the API says', () => {
    const parsed = parseForm(
      form({ name: 'A', email: 'not-an-email', phone: 'abc', text: '' }),
      organizerMessageSchema,
      en,
    )
    expect(parsed).toEqual({
      ok: false,
      errors: {
        fieldErrors: {
          name: ['At least 2 characters'],
          email: ['Invalid email'],
          phone: [en('validation:invalidPhone')],
          text: ['Required field'],
        },
        formErrors: [],
      },
    })
    // The API names the field in front of the same text.
    expect(apiTexts(organizerMessageSchema, { name: 'A', email: 'not-an-email', phone: 'abc', text: '' })).toEqual([
      'name: At least 2 characters',
      'email: Invalid email',
      `phone: ${en('validation:invalidPhone')}`,
      'text: Required field',
    ])
    const russian = parseForm(form({ name: '', email: 'a@b.co', text: 'hi' }), organizerMessageSchema, ru)
    expect(russian).toEqual({
      ok: false,
      errors: { fieldErrors: { name: [ru('validation:required')] }, formErrors: [] },
    })
  })

  it('names a nested field by its dotted path (a companion, a schedule interval)', () => {
    const booking = parseForm(
      anna({ phone: '12345', emails: ['ok@x.io', 'nope'] }),
      bookingContactSchema(ALL_REQUIRED),
      en,
    )
    expect(booking.ok || fieldTexts(booking.errors)).toEqual({ 'emails.1': 'Invalid email' })

    const tooMany = parseForm(
      anna({ phone: '12345', emails: Array.from({ length: MAX_COMPANIONS + 1 }, (_, i) => `p${i}@x.io`) }),
      bookingContactSchema(ALL_REQUIRED),
      en,
    )
    expect(tooMany.ok || fieldTexts(tooMany.errors)).toEqual({ emails: `You can add at most ${MAX_COMPANIONS} people` })

    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      intervals: weekday === 2 ? [{ from: '10:00', to: '09:00' }] : [],
    }))
    const schedule = new FormData()
    schedule.set('name', 'Work')
    schedule.set('timeZone', 'Europe/Moscow')
    weekly.forEach((day, i) => {
      schedule.set(`weekly[${i}].weekday`, String(day.weekday))
      day.intervals.forEach((interval, j) => {
        schedule.set(`weekly[${i}].intervals[${j}].from`, interval.from)
        schedule.set(`weekly[${i}].intervals[${j}].to`, interval.to)
      })
    })
    const parsed = parseForm(schedule, scheduleSchema({ now: Date.now(), saved: [] }), en)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok)
      expect(Object.keys(parsed.errors.fieldErrors).some((path) => path.startsWith('weekly.1.intervals.0'))).toBe(true)
  })

  it('takes fixed fields from the server, never from the form (the booking email of the sign-up)', () => {
    const parsed = signupAs('Secret-124')
    expect(parsed).toEqual({
      ok: false,
      errors: { fieldErrors: { passwordRepeat: [en('accounts:password.mismatch')] }, formErrors: [] },
    })
    const fixed = signupAs('Secret-123')
    expect(fixed.ok && fixed.value.email).toBe('guest@example.com')
  })

  it('keeps an empty field empty, so a form-wide rule is still said beside it (the API reads "" alike)', () => {
    const parsed = parseForm(
      form({ login: 'anna_s', firstName: 'Anna', lastName: '', password: 'Secret-123', passwordRepeat: 'other' }),
      SignupFormSchema,
      en,
      { set: { email: 'guest@example.com' } },
    )
    expect(parsed.ok || fieldTexts(parsed.errors)).toEqual({
      lastName: en('accounts:required'),
      passwordRepeat: en('accounts:password.mismatch'),
      isAgreementAccepted: en('accounts:agreement.required'),
    })
  })

  it('reads a GET form from its search params (the contacts filter), a wrong period under its field', () => {
    const parsed = parseForm(
      new URLSearchParams('firstName=&from=31.02.2026&eventTypeIds=a'),
      ContactFilterPageSchema,
      en,
    )
    expect(parsed).toEqual({
      ok: false,
      errors: { fieldErrors: { from: [en('validation:invalidDate')] }, formErrors: [] },
    })
    const fine = parseForm(new URLSearchParams('firstName=&eventTypeIds=a&viewArchive=on'), ContactFilterPageSchema, en)
    expect(fine).toEqual({
      ok: true,
      value: expect.objectContaining({ firstName: null, from: null, eventTypeIds: ['a'], viewArchive: true }),
    })
  })

  it('shapes its issues as a refusal is shaped, so a page renders both alike', () => {
    const parsed = parseForm(form({ name: 'Anna', email: '', text: 'hi' }), organizerMessageSchema, en)
    const refused = pageErrors(refusal('required', 'email'), en)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) {
      expect({ ...parsed.errors, planLimit: false }).toEqual(refused)
      expect(fieldTexts(parsed.errors)).toEqual({ email: 'Required field' })
    }
    expect(fieldTexts({ fieldErrors: {}, formErrors: ['Whole form'] })).toEqual({ form: 'Whole form' })
  })

  it("reads the schedule page's JSON payload with the API's schema, and says text that is no JSON as the API does", () => {
    const posted = (payload: string) =>
      parseValue(form({ intent: 'save', payload }), scheduleFormSchema({ now: Date.now(), saved: [] }), en)
    expect(posted('{not json')).toEqual({
      ok: false,
      errors: { fieldErrors: {}, formErrors: ['Malformed JSON in the request body'] },
    })
    const unnamed = posted(
      JSON.stringify({ name: '', timeZone: 'Europe/Moscow', isDefault: false, weekly: [], adjustments: [] }),
    )
    expect(unnamed.ok ? null : unnamed.errors.fieldErrors.name).toEqual(['Required field'])
  })
})
