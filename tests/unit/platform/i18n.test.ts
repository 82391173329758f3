import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { languageFromHeader, resources } from '#app/i18n/config.ts'

const localesDir = new URL('../../../app/locales/', import.meta.url)

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
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
    expect(keysOf(en).sort()).toEqual(keysOf(ru).sort())
    for (const key of keysOf(ru)) {
      const pick = (tree: unknown) =>
        key.split('.').reduce((node, part) => (node as Record<string, unknown>)[part], tree)
      const ruText = pick(ru)
      const enText = pick(en)
      expect(typeof ruText === 'string' && ruText.length > 0, `ru ${file} ${key}`).toBe(true)
      expect(typeof enText === 'string' && enText.length > 0, `en ${file} ${key}`).toBe(true)
      expect(placeholders(enText as string), `${file} ${key}`).toEqual(placeholders(ruText as string))
    }
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
