import i18next, { type TFunction } from 'i18next'
import { type Language, i18nConfig, resources } from './config.ts'

const instances = new Map<Language, TFunction>()
const languages = new WeakMap<TFunction, Language>()

/**
 * A translation function for server-side texts outside React (API errors, emails, ICS, Telegram).
 * One i18next instance per language, made on first use and kept for the isolate's life.
 */
export function getT(language: Language): TFunction {
  const cached = instances.get(language)
  if (cached) return cached
  const instance = i18next.createInstance()
  instance.init({ ...i18nConfig, resources, lng: language, initImmediate: false })
  const t = instance.t.bind(instance) as TFunction
  instances.set(language, t)
  languages.set(t, language)
  return t
}

/** The language of a translation function made by `getT` (texts that write times need it: readable.ts). */
export function languageOf(t: TFunction): Language {
  const language = languages.get(t)
  if (!language) throw new Error('languageOf: a translation function not made by getT')
  return language
}
