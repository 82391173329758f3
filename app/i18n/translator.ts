/**
 * The browser's translator (docs/decisions/0116-client-translator.md): the part of i18next the pages use, small
 * enough for the public event page's budget. The server renders with i18next (i18n.server.ts, translate.server.ts);
 * this must give the same text for the same key and options, or hydration breaks, so
 * tests/unit/platform/translator.test.ts compares the two over every key of both languages.
 *
 * What it does, as i18next 23 does it with the project's options (`ns:` prefix, `.` paths, `defaultNS`, no escaping):
 * `{{name}}` interpolation (a value not given stays as written; null writes nothing), plurals by `count` with
 * `Intl.PluralRules` suffixes (`_one`, `_few`, ..., `_zero` for 0), `context` (`key_context`, `key_context_one`),
 * `defaultValue`, `returnObjects`, and a missing key written as the key without its namespace.
 */

export type Texts = Record<string, unknown>
export type TranslateOptions = {
  count?: number
  context?: string
  defaultValue?: string
  returnObjects?: boolean
  [param: string]: unknown
}

/** A namespace's texts in the page's language, or undefined when it is not there. */
export type NamespaceTexts = (namespace: string) => Texts | undefined

const pluralRules = new Map<string, Intl.PluralRules>()

function pluralSuffix(language: string, count: number): string {
  let rules = pluralRules.get(language)
  if (!rules) {
    rules = new Intl.PluralRules(language)
    pluralRules.set(language, rules)
  }
  return `_${rules.select(count)}`
}

/** i18next's deepFind: a literal key first, else the path's parts (a part may itself hold dots). */
function find(tree: unknown, path: string): unknown {
  if (!tree || typeof tree !== 'object') return undefined
  const node = tree as Record<string, unknown>
  if (node[path]) return node[path]
  const parts = path.split('.')
  let current: unknown = node
  for (let i = 0; i < parts.length; ) {
    if (!current || typeof current !== 'object') return undefined
    let next: unknown
    let joined = ''
    for (let j = i; j < parts.length; j++) {
      joined += (j === i ? '' : '.') + parts[j]
      next = (current as Record<string, unknown>)[joined]
      if (next !== undefined) {
        if (typeof next !== 'object' && j < parts.length - 1) continue
        i = j + 1
        break
      }
    }
    current = next
  }
  return current
}

const found = (value: unknown) => value !== undefined && value !== null

/** The keys to look up, most specific first (i18next's Translator.resolve). */
function candidates(key: string, language: string, options: TranslateOptions): string[] {
  const plural = typeof options.count === 'number'
  const suffix = plural ? pluralSuffix(language, options.count as number) : ''
  const zero = plural && options.count === 0
  const keys = [key]
  if (plural) keys.push(key + suffix, ...(zero ? [`${key}_zero`] : []))
  const { context } = options
  if ((typeof context === 'string' || typeof context === 'number') && context !== '') {
    const contextKey = `${key}_${context}`
    keys.push(contextKey)
    if (plural) keys.push(contextKey + suffix, ...(zero ? [`${contextKey}_zero`] : []))
  }
  return keys.reverse()
}

function interpolate(text: string, params: TranslateOptions): string {
  // `{{-name}}` is i18next's unescaped form: the same here, where nothing is escaped.
  return text.replace(/\{\{(.+?)\}\}/g, (whole, name: string) => {
    const path = (name.startsWith('-') ? name.slice(1) : name).trim()
    const value = path in params ? params[path] : find(params, path)
    if (value === undefined) return Object.hasOwn(params, path) ? '' : whole
    return value === null ? '' : String(value)
  })
}

/** One text (or, with `returnObjects`, the object or list under the key) in `language`. */
export function translate(
  texts: NamespaceTexts,
  language: string,
  defaultNamespace: string,
  fullKey: string,
  options: TranslateOptions = {},
): unknown {
  const colon = fullKey.indexOf(':')
  const namespace = colon < 0 ? defaultNamespace : fullKey.slice(0, colon)
  const key =
    colon < 0
      ? fullKey
      : fullKey
          .slice(colon + 1)
          .split(':')
          .join('.')
  const tree = texts(namespace)
  let value: unknown
  for (const candidate of candidates(key, language, options)) {
    value = find(tree, candidate)
    if (found(value)) break
  }
  if (found(value) && typeof value === 'object') {
    if (!options.returnObjects) return `key '${key} (${language})' returned an object instead of string.`
    const copy: Record<string, unknown> = Array.isArray(value) ? ([] as unknown as Record<string, unknown>) : {}
    for (const [part, child] of Object.entries(value as Record<string, unknown>))
      copy[part] = typeof child === 'string' ? interpolate(child, options) : child
    return copy
  }
  if (!found(value)) value = options.defaultValue ?? key
  return typeof value === 'string' ? interpolate(value, options) : value
}
