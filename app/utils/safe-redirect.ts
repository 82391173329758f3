/**
 * Only same-origin paths are followed after an action (no open redirect): a path that starts with one
 * `/`, not `//` or `/\`, and no scheme.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback
  }
  return value
}
