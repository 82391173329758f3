/**
 * Form fields holding a typed date or time (app/components/ui/date-time-inputs.tsx), read on the server with the
 * same lenient reading as in the browser (typed.ts): a page that posts without script gets `DD.MM.YYYY` (or the
 * old `YYYY-MM-DD`) and `HH:mm`, and answers anything else with the translated "Invalid date" / "Invalid time".
 * Kept apart from index.ts so the time module stays free of zod. The JSON API keeps its own documented formats.
 */
import { z } from 'zod'
import { readTypedDate, readTypedTime } from './typed.ts'

const typed = (read: (text: string) => string | null, invalid: string, optional = false) =>
  z
    .string({ error: 'validation:required' })
    .nullish()
    .transform((text, ctx) => {
      if (!text?.trim()) {
        if (optional) return null
        ctx.addIssue({ code: 'custom', message: 'validation:required' })
        return z.NEVER
      }
      const value = read(text)
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: invalid })
        return z.NEVER
      }
      return value
    })

/** A required date field: `YYYY-MM-DD`. */
export const TypedDateSchema = typed(readTypedDate, 'validation:invalidDate') as z.ZodType<string, unknown>

/** A required 24-hour time field: `HH:mm`. */
export const TypedTimeSchema = typed(readTypedTime, 'validation:invalidTime') as z.ZodType<string, unknown>

/** A date field that may stay empty (a filter's bound): `YYYY-MM-DD` or null. */
export const OptionalTypedDateSchema = typed(readTypedDate, 'validation:invalidDate', true)
