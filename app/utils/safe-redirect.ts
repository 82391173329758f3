const BASE = 'http://same-origin.invalid'

const isControl = (char: string) => {
  const code = char.charCodeAt(0)
  return code <= 0x1f || code === 0x7f
}

/** Anything a URL parser might strip or reinterpret: an ASCII control, any whitespace, a backslash. */
export function hasUnsafeUrlCharacter(value: string): boolean {
  return [...value].some((char) => isControl(char) || char === '\\' || /\s/.test(char))
}

const withoutControlsAndSpaces = (value: string) =>
  [...value].filter((char) => !isControl(char) && !/\s/.test(char)).join('')

/** After stripping, where a browser would read a host: `//`, `/\`. */
const NETWORK_PATH = /^\/[/\\]/

/**
 * Only same-origin paths are followed after an action (no open redirect). A value is accepted only when:
 * - it starts with one `/` (no scheme, no `//host`, no `/\host`);
 * - it holds no control character, whitespace or backslash at all: browsers drop tabs and newlines inside a
 *   URL, so `/\t/evil.example` would become `//evil.example`;
 * - decoded once, it still does not start like a network path (`/%2F/evil.example`, `/%09/evil.example`),
 *   should any later layer decode it;
 * - resolved against an origin, it stays on that origin.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || NETWORK_PATH.test(value) || hasUnsafeUrlCharacter(value))
    return fallback
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return fallback
  }
  if (NETWORK_PATH.test(decoded) || NETWORK_PATH.test(withoutControlsAndSpaces(decoded))) return fallback
  try {
    if (new URL(value, BASE).origin !== BASE) return fallback
  } catch {
    return fallback
  }
  return value
}
