import { describe, expect, it } from 'vitest'
import { ChangePasswordFormSchema, SigninSchema } from '#app/domain/accounts/rules.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { runAccountForm } from '#app/server/account-form.server.ts'

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

/** The field errors an account form's action answers with (conform's reply), and its status. */
async function refusedWith(
  language: 'ru' | 'en',
  schema: Parameters<typeof runAccountForm>[2],
  fields: Record<string, string>,
) {
  const result = await runAccountForm(form(fields), getT(language), schema, async () => {
    throw new Error('the use case must not run on bad input')
  })
  if (result.ok) throw new Error('expected bad input')
  const answer = result.answer as unknown as {
    data: { error?: Record<string, string[] | null> }
    init: { status: number }
  }
  return { status: answer.init.status, errors: answer.data.error ?? {} }
}

describe('an account form says a length limit with its number (the one issue translator, as parseForm and the API)', () => {
  const long = 'x'.repeat(201)

  it('in Russian and in English, for a rule without a text of its own', async () => {
    const ru = await refusedWith('ru', SigninSchema, { login: long, password: 'secret' })
    expect(ru.status).toBe(400)
    expect(ru.errors.login).toEqual(['Максимум 200 символов'])
    const en = await refusedWith('en', SigninSchema, { login: 'anna', password: long })
    expect(en.errors.password).toEqual(['At most 200 characters'])
  })

  it('keeps the account texts and the form-wide rule beside them', async () => {
    const en = await refusedWith('en', ChangePasswordFormSchema, {
      oldPassword: long,
      password: 'Secret-123',
      passwordRepeat: 'Secret-124',
    })
    expect(en.errors).toEqual({
      oldPassword: ['At most 200 characters'],
      passwordRepeat: ['Passwords do not match'],
    })
  })
})
