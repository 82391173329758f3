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
  const t = memoizedPlain(instance.t.bind(instance) as TFunction)
  instances.set(language, t)
  languages.set(t, language)
  return t
}

/**
 * The translation function with its plain texts (a key alone, or with no options) kept once made: such a text depends
 * on the key and the language only, and the resources are the bundle's. A race of refused bookings translates the
 * same refusal 99 times (ADR 0134); texts with values, defaults or options are translated on each call.
 */
function memoizedPlain(translate: TFunction): TFunction {
  const plain = new Map<string, string>()
  const call = translate as unknown as (...args: unknown[]) => string
  const t = (...args: unknown[]) => {
    const [key, options] = args
    if (args.length > 2 || typeof key !== 'string' || !isNoOptions(options)) return call(...args)
    let text = plain.get(key)
    if (text === undefined) {
      text = call(key)
      plain.set(key, text)
    }
    return text
  }
  return t as unknown as TFunction
}

function isNoOptions(options: unknown): boolean {
  if (options === undefined) return true
  if (typeof options !== 'object' || options === null) return false
  for (const _ in options) return false
  return true
}

/** The language of a translation function made by `getT` (texts that write times need it: readable.ts). */
export function languageOf(t: TFunction): Language {
  const language = languages.get(t)
  if (!language) throw new Error('languageOf: a translation function not made by getT')
  return language
}
