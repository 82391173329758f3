/**
 * The avatar shown when a person has no picture: their initial on a colour (SPEC §9). No imports: the header and
 * the public pages use it, and it must not pull the validation schemas (zod) into their JavaScript.
 */

/** SPEC §9: the avatar initial's colour, from a palette of 9 by a hash of the first name. */
export const AVATAR_PALETTE = [
  '#e8590c',
  '#d6336c',
  '#ae3ec9',
  '#7048e8',
  '#4263eb',
  '#1c7ed6',
  '#0c8599',
  '#2b8a3e',
  '#f08c00',
] as const

export function avatarColor(firstName: string): string {
  let hash = 0
  for (const char of firstName) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return AVATAR_PALETTE[hash % AVATAR_PALETTE.length]
}

export function avatarInitial(firstName: string, login: string): string {
  const source = firstName.trim() || login
  return (source.codePointAt(0) ? String.fromCodePoint(source.codePointAt(0)!) : '?').toUpperCase()
}
