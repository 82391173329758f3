import { describe, expect, it } from 'vitest'
import {
  ContactFilterPageSchema,
  ContactFilterSchema,
  NewContactSchema,
  communicationMethod,
  emptyKind,
  recipientChips,
} from '#app/domain/contacts/rules.ts'

describe('contacts rules', () => {
  it('shows the first 5 recipients as chips and counts the rest (SPEC §9)', () => {
    const people = Array.from({ length: 8 }, (_, i) => i)
    expect(recipientChips(people)).toEqual({ shown: [0, 1, 2, 3, 4], rest: [5, 6, 7] })
    expect(recipientChips([1, 2])).toEqual({ shown: [1, 2], rest: [] })
  })

  it('picks the empty message: archive, active filters, plain', () => {
    expect(emptyKind(ContactFilterSchema.parse({ viewArchive: 'true', firstName: 'a' }))).toBe('archive')
    expect(emptyKind(ContactFilterSchema.parse({ firstName: 'a' }))).toBe('filtered')
    expect(emptyKind(ContactFilterSchema.parse({ viewNotDone: 'on' }))).toBe('filtered')
    expect(emptyKind(ContactFilterSchema.parse({}))).toBe('plain')
  })

  it('reads filter dates in both formats and refuses an inverted or impossible period', () => {
    expect(ContactFilterSchema.parse({ from: '01.02.2027', to: '2027-02-03' })).toMatchObject({
      from: '2027-02-01',
      to: '2027-02-03',
    })
    expect(ContactFilterSchema.safeParse({ from: '03.02.2027', to: '01.02.2027' }).success).toBe(false)
    expect(ContactFilterSchema.safeParse({ from: '30.02.2027' }).success).toBe(false)
  })

  it('reads the page filter period as its date fields post it, the old YYYY-MM-DD links too', () => {
    expect(ContactFilterPageSchema.parse({ from: '01.02.2027', to: '2027-02-03' })).toMatchObject({
      from: '2027-02-01',
      to: '2027-02-03',
    })
    expect(ContactFilterPageSchema.parse({ from: '', to: '' })).toMatchObject({ from: null, to: null })
    const bad = ContactFilterPageSchema.safeParse({ from: '30.02.2027', to: 'tomorrow' })
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['from', 'validation:invalidDate'],
      ['to', 'validation:invalidDate'],
    ])
    expect(ContactFilterPageSchema.safeParse({ from: '03.02.2027', to: '01.02.2027' }).error?.issues[0]).toMatchObject({
      path: ['to'],
      message: 'validation:endAfterStart',
    })
    // The JSON API keeps its documented formats only.
    expect(ContactFilterSchema.safeParse({ from: '1/2/2027' }).success).toBe(false)
  })

  it('normalises a new contact: lowercased email, messenger only with a value, WhatsApp by default', () => {
    expect(NewContactSchema.parse({ firstName: ' Ann ', email: 'A@B.RU', messengerValue: '@ann' })).toMatchObject({
      firstName: 'Ann',
      email: 'a@b.ru',
      messengerType: 'WhatsApp',
    })
    expect(NewContactSchema.parse({ firstName: 'Ann', email: 'a@b.ru', messengerType: 'Viber' }).messengerType).toBe(
      null,
    )
    expect(NewContactSchema.safeParse({ firstName: 'Ann', email: 'nope' }).success).toBe(false)
  })

  it('names the communication method: messenger, else phone, else email', () => {
    expect(communicationMethod({ messengerValue: '@a', phone: '1' })).toBe('messenger')
    expect(communicationMethod({ messengerValue: null, phone: '1' })).toBe('phone')
    expect(communicationMethod({ messengerValue: null, phone: null })).toBe('email')
  })
})
