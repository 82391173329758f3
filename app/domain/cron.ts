/**
 * A five-field cron matcher (minute hour day-of-month month day-of-week, UTC), enough for the
 * expressions in wrangler.toml: `*`, `N`, `A-B`, lists and `/step`. Used by `npm start` to fire the
 * Worker's cron triggers locally, which `wrangler dev` alone does not do.
 */
const RANGES: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
]

function fieldMatches(field: string, value: number, [min, max]: [number, number]): boolean {
  return field.split(',').some((part) => {
    const [rangeText, stepText] = part.split('/')
    const step = stepText === undefined ? 1 : Number(stepText)
    let from = min
    let to = max
    if (rangeText !== '*') {
      const [a, b] = rangeText.split('-').map(Number)
      from = a
      to = b === undefined ? (stepText === undefined ? a : max) : b
    }
    if (!Number.isInteger(step) || step < 1 || Number.isNaN(from) || Number.isNaN(to)) {
      throw new Error(`Unsupported cron field "${field}"`)
    }
    return value >= from && value <= to && (value - from) % step === 0
  })
}

export function cronMatches(expression: string, instant: Date): boolean {
  const fields = expression.trim().split(/\s+/)
  if (fields.length !== 5) throw new Error(`Unsupported cron expression "${expression}"`)
  const weekday = instant.getUTCDay()
  const values = [
    instant.getUTCMinutes(),
    instant.getUTCHours(),
    instant.getUTCDate(),
    instant.getUTCMonth() + 1,
    weekday,
  ]
  return fields.every((field, i) => {
    if (i === 4 && fieldMatches(field, 7, RANGES[4]) && weekday === 0) return true
    return fieldMatches(field, values[i], RANGES[i])
  })
}
