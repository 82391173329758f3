/**
 * A whole number read from a page's query string, the way the API's zod schemas read theirs: plain decimal digits
 * (an optional minus), a safe integer, within [min, max]. Anything else (`9223372036854775807`, `1e400`, `0x10`,
 * `NaN`, out of range) is null and the page shows its default (the first page, the current month) instead of
 * passing a number SQLite cannot bind (issue 19: `SQLITE_MISMATCH`, a 500).
 */
export function queryInt(value: string | null | undefined, range: { min: number; max: number }): number | null {
  if (value === null || value === undefined || !/^-?\d{1,16}$/.test(value.trim())) return null
  const number = Number(value.trim())
  if (!Number.isSafeInteger(number) || number < range.min || number > range.max) return null
  return number
}
