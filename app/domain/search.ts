/**
 * The folded form lists are searched by (issue 18): SQLite's LIKE and lower() fold ASCII only, so "анна" never
 * found "Анна". The one place that writes a searchable text also writes its folded copy (full Unicode lowercase,
 * as `eventNameKey` does), and a search folds its words the same way and matches them with LIKE.
 */
export function searchFold(text: string): string {
  return text.toLowerCase()
}

/** A LIKE pattern "contains `text`", folded: `%`, `_` and the escape character `\` match only themselves. */
export function containsPattern(text: string): string {
  return `%${searchFold(text).replace(/[\\%_]/g, '\\$&')}%`
}
