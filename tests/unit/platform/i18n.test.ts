import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { languageFromHeader, resources } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { issueText } from '#app/i18n/zod-errors.ts'

const localesDir = new URL('../../../app/locales/', import.meta.url)

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

function baseKeys(keys: string[]): string[] {
  return [...new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, '')))].sort()
}

function pluralFormsOf(keys: string[], base: string): string[] {
  return keys
    .filter((key) => PLURAL_SUFFIX.test(key) && key.replace(PLURAL_SUFFIX, '') === base)
    .map((key) => key.slice(base.length + 1))
    .sort()
}

function pluralCategories(language: string): string[] {
  return [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort()
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
}

describe('translations', () => {
  const namespaces = readdirSync(new URL('ru/', localesDir)).filter((file) => file.endsWith('.json'))

  it('have the same namespace files in Russian and English', () => {
    const english = readdirSync(new URL('en/', localesDir)).filter((file) => file.endsWith('.json'))
    expect(english.sort()).toEqual(namespaces.sort())
  })

  it.each(namespaces)('%s: every key exists in both languages, non-empty, with the same placeholders', (file) => {
    const ru = JSON.parse(readFileSync(new URL(`ru/${file}`, localesDir), 'utf8'))
    const en = JSON.parse(readFileSync(new URL(`en/${file}`, localesDir), 'utf8'))
    const trees = { ru, en }
    // Plural forms (`key_one`, `key_few`, ...) differ between the languages: compare the keys they belong to.
    expect(baseKeys(keysOf(en))).toEqual(baseKeys(keysOf(ru)))
    for (const language of ['ru', 'en'] as const) {
      const keys = keysOf(trees[language])
      for (const base of baseKeys(keys).filter((key) => !keys.includes(key))) {
        // Exactly the forms the language's plural rules ask for, so i18next finds one for every count.
        expect(pluralFormsOf(keys, base), `${language} ${file} ${base}`).toEqual(pluralCategories(language))
      }
    }
    const pick = (tree: unknown, key: string) =>
      key.split('.').reduce((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree)
    for (const key of keysOf(ru)) {
      const ruText = pick(ru, key)
      const enText = pick(en, key) ?? pick(en, key.replace(PLURAL_SUFFIX, '_other'))
      expect(typeof ruText === 'string' && ruText.length > 0, `ru ${file} ${key}`).toBe(true)
      expect(typeof enText === 'string' && enText.length > 0, `en ${file} ${key}`).toBe(true)
      expect(placeholders(enText as string), `${file} ${key}`).toEqual(placeholders(ruText as string))
    }
  })

  it('keep a plain text once made, and translate texts with values, defaults or options on each call', () => {
    const en = getT('en')
    expect(en('api:tooManyRequests')).toBe(en('api:tooManyRequests', {}))
    expect(getT('ru')('api:tooManyRequests')).not.toBe(en('api:tooManyRequests'))
    // The same key with values after it was kept plain: still interpolated, in each language its own.
    expect(en('validation:maxChars')).not.toBe(en('validation:maxChars', { count: 3 }))
    expect(en('validation:maxChars', { count: 3 })).toBe('At most 3 characters')
    expect(en('validation:maxChars', { count: 4 })).toBe('At most 4 characters')
    expect(en('no:suchKey', 'A default')).toBe('A default')
    expect(en('no:suchKey', 'Another default')).toBe('Another default')
  })

  it('say counted words in the right plural form', () => {
    const ru = getT('ru')
    const en = getT('en')
    expect(ru('validation:minChars', { count: 1 })).toBe('Минимум 1 символ')
    expect(ru('validation:minChars', { count: 2 })).toBe('Минимум 2 символа')
    expect(ru('validation:minChars', { count: 5 })).toBe('Минимум 5 символов')
    expect(ru('validation:maxChars', { count: 21 })).toBe('Максимум 21 символ')
    expect(ru('validation:maxChars', { count: 200 })).toBe('Максимум 200 символов')
    expect(ru('validation:maxChars', { count: 1500 })).toBe('Максимум 1500 символов')
    expect(en('validation:minChars', { count: 1 })).toBe('At least 1 character')
    expect(en('validation:maxChars', { count: 200 })).toBe('At most 200 characters')
  })

  it('give zod issues their counts (API errors, page forms)', () => {
    const schema = z.object({ name: z.string().min(2, 'validation:minChars').max(4) })
    const texts = (value: string, language: 'ru' | 'en') => {
      const result = schema.safeParse({ name: value })
      return result.success ? [] : result.error.issues.map((issue) => issueText(issue, getT(language)))
    }
    expect(texts('a', 'ru')).toEqual(['name: Минимум 2 символа'])
    expect(texts('abcde', 'ru')).toEqual(['name: Максимум 4 символа'])
    expect(texts('a', 'en')).toEqual(['name: At least 2 characters'])
  })

  it('call a value of the wrong type invalid, a missing one required, even under a "required" message', () => {
    const schema = z.object({ name: z.string({ error: 'validation:required' }) })
    const text = (body: unknown) => {
      const result = schema.safeParse(body, { reportInput: true })
      return result.success ? [] : result.error.issues.map((issue) => issueText(issue, getT('en')))
    }
    expect(text({})).toEqual([`name: ${getT('en')('validation:required')}`])
    expect(text({ name: 42 })).toEqual([`name: ${getT('en')('validation:invalid')}`])
    expect(text({ name: 42 })).not.toEqual(text({}))
  })

  it('registers every namespace file with i18next', () => {
    expect(Object.keys(resources.ru).sort()).toEqual(namespaces.map((file) => file.replace('.json', '')).sort())
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.ru).sort())
  })

  it('reads the language of API requests from Accept-Language, Russian by default', () => {
    expect(languageFromHeader('en-US,en;q=0.9')).toBe('en')
    expect(languageFromHeader('de-DE,en;q=0.5')).toBe('en')
    expect(languageFromHeader('de-DE')).toBe('ru')
    expect(languageFromHeader(null)).toBe('ru')
  })
})
