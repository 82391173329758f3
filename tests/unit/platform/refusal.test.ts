import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { REFUSALS, type RefusalCode, refusal, refusalFrom, refusalProblems } from '#app/domain/refusal.ts'
import { LANGUAGES } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { Refused, pageErrors, refusalTexts } from '#app/server/refusal.server.ts'

const localesDir = new URL('../../../app/locales/', import.meta.url)
const codes = Object.keys(REFUSALS) as RefusalCode[]

/** The text of a key in a language's files: the key itself or its plural forms (`key_one`, ...). */
function textOf(language: string, key: string): unknown {
  const [namespace, path] = key.split(':')
  const file = JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, localesDir), 'utf8'))
  const parts = path.split('.')
  const parent = parts.slice(0, -1).reduce((node, part) => node?.[part], file)
  const last = parts[parts.length - 1]
  return parent?.[last] ?? parent?.[`${last}_other`]
}

describe('the refusal table', () => {
  it('gives every code a translation key that exists in every language', () => {
    for (const language of LANGUAGES)
      for (const code of codes)
        expect(typeof textOf(language, REFUSALS[code].key), `${language} ${code}`).toBe('string')
  })

  it('gives every code a 4xx status the pages and the API both answer', () => {
    for (const code of codes) expect([400, 401, 403, 404, 409, 422, 429], code).toContain(REFUSALS[code].status)
  })

  it('has one code per key, so a text names one refusal', () => {
    const keys = codes.map((code) => REFUSALS[code].key)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('keeps the statuses the API contract names', () => {
    expect(REFUSALS.notFound.status).toBe(404)
    expect(REFUSALS.planLimit.status).toBe(403)
    expect(REFUSALS.unauthorized.status).toBe(401)
    expect(REFUSALS.tooManyRequests.status).toBe(429)
    expect(REFUSALS.tooManyHolds.status).toBe(429)
  })
})

describe('one refusal of several problems', () => {
  it('keeps the first first and the rest in order; none for no problems', () => {
    const both = refusalFrom([refusal('loginTaken', 'login'), refusal('emailTaken', 'email')])
    expect(both).toEqual({ code: 'loginTaken', field: 'login', more: [{ code: 'emailTaken', field: 'email' }] })
    expect(refusalProblems(both!).map((problem) => problem.code)).toEqual(['loginTaken', 'emailTaken'])
    expect(refusalFrom([])).toBeNull()
    expect(new Refused(both!).status).toBe(400)
  })
})

describe('rendering a refusal', () => {
  const t = getT('en')

  it('names the field in texts (the API and page lists) and fills the parameters', () => {
    const taken = refusalFrom([refusal('emailTaken', 'email'), refusal('scheduleInUse', undefined, { count: 2 })])!
    expect(refusalTexts(taken, t)).toEqual([
      `email: ${t('accounts:email.taken')}`,
      t('schedules:errors.inUse', { count: 2 }),
    ])
    expect(refusalTexts(taken, t)[1]).toContain('2')
  })

  it('puts field problems next to their fields, the rest as form errors, a plan refusal as the modal flag', () => {
    expect(pageErrors(refusalFrom([refusal('eventTypeNameTaken', 'name'), refusal('oauthFailed')])!, t)).toEqual({
      fieldErrors: { name: [t('eventTypes:errors.nameTaken')] },
      formErrors: [t('accounts:oauth.failed')],
      planLimit: false,
    })
    expect(pageErrors(refusal('planLimit'), t)).toEqual({ fieldErrors: {}, formErrors: [], planLimit: true })
  })

  it('throws the 404 page for a 404 refusal', () => {
    let thrown: unknown
    try {
      pageErrors(refusal('eventTypeNotFound'), t)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(404)
  })

  it('renders zod issues the same way, by dotted path', () => {
    const parsed = z.object({ weekly: z.array(z.object({ start: z.string().min(5) })) }).safeParse({
      weekly: [{ start: '9' }],
    })
    expect(parsed.success).toBe(false)
    const errors = pageErrors(parsed.error!.issues, t)
    expect(Object.keys(errors.fieldErrors)).toEqual(['weekly.0.start'])
    expect(errors.fieldErrors['weekly.0.start'][0]).not.toContain('weekly')
    expect(errors.planLimit).toBe(false)
  })
})
