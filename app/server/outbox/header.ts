/**
 * A mail header value on one line: CR, LF and the other control characters (and the Unicode line separators) become
 * spaces. Subjects carry user-typed names (a booking's client, a message's sender); the forms refuse control
 * characters already, this keeps any other path from writing a raw line break into a header.
 */
export function headerSafe(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  )
}
