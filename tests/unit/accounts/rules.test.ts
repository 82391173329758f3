import { describe, expect, it } from 'vitest'
import {
  ChangePasswordFormSchema,
  CodeSchema,
  EmailSchema,
  LoginSchema,
  NameSchema,
  ProfileSchema,
  SignupFormSchema,
  SignupSchema,
  AVATAR_PALETTE,
  avatarColor,
  avatarInitial,
  avatarProblem,
  loginProblem,
  passwordProblems,
  resendSecondsLeft,
  sniffImage,
} from '#app/domain/accounts/rules.ts'

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('password (SPEC §5)', () => {
  it('accepts a password with upper, lower, digit and special characters', () => {
    expect(passwordProblems('Demo-password-1')).toEqual([])
    expect(passwordProblems('Aa1!aaaa')).toEqual([])
  })

  it.each([
    ['Aa1!', 'accounts:password.min'],
    ['aaaaaa1!', 'accounts:password.upper'],
    ['AAAAAA1!', 'accounts:password.lower'],
    ['Aaaaaaa!', 'accounts:password.digit'],
    ['Aaaaaaa1', 'accounts:password.special'],
    ['Пароль-Aa1', 'accounts:password.cyrillic'],
    ['Aa1! aaaa', 'accounts:password.whitespace'],
    ['Aa1!\taaaa', 'accounts:password.whitespace'],
    [`Aa1!${'a'.repeat(200)}`, 'accounts:password.max'],
  ])('refuses %j with %s', (password, problem) => {
    expect(passwordProblems(password)).toContain(problem)
  })

  it('does not count a Cyrillic letter as a special character', () => {
    expect(passwordProblems('Aaaaaaa1ж')).toEqual(['accounts:password.cyrillic', 'accounts:password.special'])
  })
})

describe('login (SPEC §5)', () => {
  it.each(['ab', 'ivan.petrov', 'a_b-c@d', 'User123'])('accepts %j', (login) => {
    expect(loginProblem(login.toLowerCase())).toBeNull()
  })

  it.each([
    ['', 'accounts:required'],
    ['a', 'accounts:login.min'],
    ['.', 'accounts:login.min'],
    ['..', 'accounts:login.dots'],
    ['...', 'accounts:login.dots'],
    ['иван', 'accounts:login.latinOnly'],
    ['josé', 'accounts:login.latinOnly'],
    ['a b', 'accounts:login.chars'],
    ['a/b', 'accounts:login.chars'],
    ['a\\b', 'accounts:login.chars'],
    ['a?b', 'accounts:login.chars'],
    ['a#b', 'accounts:login.chars'],
    ['login', 'accounts:login.reserved'],
    ['api', 'accounts:login.reserved'],
    ['signupdone', 'accounts:login.reserved'],
    ['x'.repeat(201), 'accounts:login.max'],
  ])('refuses %j with %s', (login, problem) => {
    expect(loginProblem(login)).toBe(problem)
  })

  it('is trimmed and lowercased by the schema, and reserved names are refused in any case', () => {
    expect(LoginSchema.parse('  Ivan.Petrov ')).toBe('ivan.petrov')
    expect(messages(LoginSchema.safeParse('SignUp'))).toEqual(['accounts:login.reserved'])
  })
})

describe('email and names', () => {
  it('normalises the email and refuses bad ones', () => {
    expect(EmailSchema.parse(' Ivan@Example.COM ')).toBe('ivan@example.com')
    expect(messages(EmailSchema.safeParse('not-an-email'))).toEqual(['accounts:email.invalid'])
    expect(messages(EmailSchema.safeParse(''))).toEqual(['accounts:required'])
  })

  it('wants names of at least 2 characters after trimming', () => {
    expect(NameSchema.parse(' Иван ')).toBe('Иван')
    expect(messages(NameSchema.safeParse(' И '))).toEqual(['accounts:name.min'])
    expect(messages(NameSchema.safeParse('x'.repeat(201)))).toEqual(['accounts:name.max'])
  })
})

describe('sign-up', () => {
  const valid = {
    login: 'ivan',
    email: 'ivan@example.com',
    password: 'Strong-pass-1',
    passwordRepeat: 'Strong-pass-1',
    firstName: 'Иван',
    lastName: 'Петров',
    isAgreementAccepted: 'on',
  }

  it('accepts a complete form', () => {
    const result = SignupFormSchema.safeParse(valid)
    expect(result.success).toBe(true)
    expect(result.data?.isAgreementAccepted).toBe(true)
  })

  it('needs the agreement accepted', () => {
    const result = SignupSchema.safeParse({ ...valid, isAgreementAccepted: false })
    expect(messages(result)).toEqual(['accounts:agreement.required'])
    expect(messages(SignupFormSchema.safeParse({ ...valid, isAgreementAccepted: undefined }))).toEqual([
      'accounts:agreement.required',
    ])
  })

  it('needs the repeated password to match', () => {
    const result = SignupFormSchema.safeParse({ ...valid, passwordRepeat: 'Strong-pass-2' })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['passwordRepeat', 'accounts:password.mismatch'],
    ])
  })

  it('names every broken field', () => {
    const result = SignupSchema.safeParse({ login: '..', email: 'x', password: 'weak', firstName: 'И', lastName: '' })
    const paths = new Set(result.error?.issues.map((issue) => issue.path.join('.')))
    expect([...paths].sort()).toEqual(['email', 'firstName', 'isAgreementAccepted', 'lastName', 'login', 'password'])
  })

  it('checks the new password of a password change', () => {
    const result = ChangePasswordFormSchema.safeParse({
      oldPassword: 'x',
      password: 'short',
      passwordRepeat: 'other',
    })
    expect(messages(result)).toContain('accounts:password.min')
    expect(messages(result)).toContain('accounts:password.mismatch')
  })
})

describe('code', () => {
  it('is exactly 6 digits', () => {
    expect(CodeSchema.parse(' 012345 ')).toBe('012345')
    for (const bad of ['12345', '1234567', 'abcdef', '12 345']) expect(CodeSchema.safeParse(bad).success).toBe(false)
  })

  it('may be resent 60 seconds after the last one', () => {
    expect(resendSecondsLeft(0, 0, 60)).toBe(60)
    expect(resendSecondsLeft(0, 59_001, 60)).toBe(1)
    expect(resendSecondsLeft(0, 60_000, 60)).toBe(0)
  })
})

describe('profile', () => {
  it('takes a known time zone and language only', () => {
    const base = { firstName: 'Иван', lastName: 'Петров', description: '', culture: 'ru' }
    expect(ProfileSchema.safeParse({ ...base, ianaTimeZoneId: 'Asia/Tokyo' }).success).toBe(true)
    expect(messages(ProfileSchema.safeParse({ ...base, ianaTimeZoneId: 'Mars/Base' }))).toEqual([
      'accounts:timeZone.invalid',
    ])
    expect(messages(ProfileSchema.safeParse({ ...base, ianaTimeZoneId: 'UTC', culture: 'de' }))).toEqual([
      'accounts:culture.invalid',
    ])
  })

  it('refuses control characters in names and the description, which keeps its line breaks', () => {
    const base = { firstName: 'Иван', lastName: 'Петров', description: '', culture: 'ru', ianaTimeZoneId: 'UTC' }
    expect(messages(ProfileSchema.safeParse({ ...base, firstName: 'Иван\r\nBcc: x' }))).toEqual([
      'accounts:name.controlChars',
    ])
    expect(messages(ProfileSchema.safeParse({ ...base, lastName: 'Пет\u0000ров' }))).toEqual([
      'accounts:name.controlChars',
    ])
    expect(messages(ProfileSchema.safeParse({ ...base, description: 'a\u0007b' }))).toEqual([
      'accounts:description.controlChars',
    ])
    expect(ProfileSchema.safeParse({ ...base, description: 'Первая строка\nвторая' }).success).toBe(true)
  })
})

describe('avatar (SPEC §5)', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
  const jpg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0])
  const heic = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypheic')])
  const gif = new TextEncoder().encode('GIF89a......')

  it('recognises images by their first bytes', () => {
    expect(sniffImage(png)).toBe('png')
    expect(sniffImage(jpg)).toBe('jpg')
    expect(sniffImage(heic)).toBe('heic')
    expect(sniffImage(gif)).toBeNull()
  })

  it('accepts JPG, JPEG, PNG and HEIC whose bytes match the name', () => {
    expect(avatarProblem({ name: 'me.PNG', type: 'image/png', size: 100 }, png)).toBeNull()
    expect(avatarProblem({ name: 'me.jpeg', type: 'image/jpeg', size: 100 }, jpg)).toBeNull()
    expect(avatarProblem({ name: 'me.jpg', type: '', size: 100 }, jpg)).toBeNull()
    expect(avatarProblem({ name: 'me.heic', type: 'image/heic', size: 100 }, heic)).toBeNull()
  })

  it('refuses other formats, disguised files, empty and too large files', () => {
    expect(avatarProblem({ name: 'me.gif', type: 'image/gif', size: 100 }, gif)).toBe('avatarFormat')
    expect(avatarProblem({ name: 'me.png', type: 'image/png', size: 100 }, gif)).toBe('avatarFormat')
    expect(avatarProblem({ name: 'me.png', type: 'text/html', size: 100 }, png)).toBe('avatarFormat')
    expect(avatarProblem({ name: 'me.jpg', type: 'image/jpeg', size: 100 }, png)).toBe('avatarFormat')
    expect(avatarProblem({ name: 'me.png', type: 'image/png', size: 0 }, png)).toBe('avatarRequired')
    expect(avatarProblem({ name: 'me.png', type: 'image/png', size: 6 * 1024 * 1024 }, png)).toBe('avatarTooLarge')
  })

  it('colours the initial from a palette of 9 by the first name, the same every time', () => {
    expect(AVATAR_PALETTE).toHaveLength(9)
    expect(avatarColor('Иван')).toBe(avatarColor('Иван'))
    const colours = new Set(['Анна', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жанна', 'Зоя', 'Игорь'].map(avatarColor))
    expect(colours.size).toBeGreaterThan(3)
    expect(avatarInitial('иван', 'x')).toBe('И')
    expect(avatarInitial('', 'login')).toBe('L')
  })
})
