import i18next, { type TFunction } from 'i18next'
import { type Language, i18nConfig, resources } from './config.ts'

const instances = new Map<Language, TFunction>()

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
  return t
}
