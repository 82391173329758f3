import { TEXT_MAX } from '#app/domain/constants.ts'

/**
 * Event name and link normalisation (SPEC §5 "Event name", "Event link"; SPEC §4: the link follows the name
 * until the link field is touched). Pure: the page and the server run the same code.
 */

/** SPEC §5: slashes and backslashes stripped, trimmed; an empty result means "no name". */
export function normalizeEventName(value: string): string {
  return value.replace(/[/\\]/g, '').trim()
}

export type NormalizedLink = {
  link: string
  /** Cyrillic or accented letters were dropped: the page shows the "Latin letters only" toast. */
  removedNonLatin: boolean
}

/**
 * SPEC §5: Cyrillic and accented letters removed, spaces to underscores, slashes removed, lowercased.
 * Applied while typing, so it does not trim (a typed space becomes `_` at once); the schema trims the
 * submitted value first (`parseLink`). Other characters are left for the validation rule to name (letters, digits, `_`, `.`, `-`).
 */
export function normalizeLink(value: string): NormalizedLink {
  const lowered = value.toLowerCase()
  // Any letter outside a-z (Cyrillic, accented Latin, other scripts) and the combining marks of decomposed
  // accents go; what is left keeps its order.
  const latinOnly = lowered.replace(/[^\P{L}a-z]|\p{M}/gu, '')
  const link = latinOnly.replace(/[/\\]/g, '').replace(/\s/g, '_')
  return { link, removedNonLatin: latinOnly.length !== lowered.length }
}

/** Russian letters in Latin ones (the common passport-style reading): "Консультация" reads "konsultatsiya". */
const CYRILLIC_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
}

/** A name in Latin letters: Cyrillic transliterated, accents dropped ("Café" reads "cafe"). */
export function transliterate(value: string): string {
  return value
    .toLowerCase()
    .replace(/[а-яёіїєґ]/g, (letter) => CYRILLIC_LATIN[letter] ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
}

/**
 * The link a name suggests (issue 18: from a Cyrillic name too, transliterated): the same rules, then runs of
 * underscores collapsed and outer ones dropped.
 */
export function linkFromName(name: string): string {
  return parseLink(transliterate(normalizeEventName(name)))
    .replace(/[^a-z0-9_.-]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
}

export const LINK_PATTERN = /^[a-z0-9_.-]+$/

/** The submitted link: trimmed, then normalised (SPEC §5). */
export function parseLink(value: string): string {
  return normalizeLink(value.trim()).link
}

/**
 * The comparison key of an event name: names are unique per specialist regardless of case ("Second" and
 * "second" are the same name to a reader; links are lowercased anyway). Full Unicode lowercasing, so Cyrillic
 * names compare the same way (SQLite's lower() folds ASCII only, so the comparison is made here).
 */
export function eventNameKey(name: string): string {
  return normalizeEventName(name).toLowerCase()
}

/** `text` cut to at most `max` UTF-16 units without splitting a surrogate pair. */
function cutTo(text: string, max: number): string {
  const cut = text.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}

/** The name of the `index`-th copy, `… (2)`: the base is trimmed first so the whole stays within 200. */
export function copyName(name: string, index: number): string {
  const suffix = ` (${index})`
  return `${cutTo(name, TEXT_MAX - suffix.length).trimEnd()}${suffix}`
}

/** The link of the `index`-th copy, `…_2`: the base is trimmed first so the whole stays within 200. */
export function copyLink(link: string, index: number): string {
  const suffix = `_${index}`
  return `${cutTo(link, TEXT_MAX - suffix.length)}${suffix}`
}
