/**
 * The one-time meeting creation page's form as one schema (issue 13 "the form, its action and the API parse with the
 * same schema", docs/decisions/0130-forms-that-build-a-payload.md): each of the page's fields is checked by the API's
 * own rule for the payload value it becomes (OneTimeEventSchema's parts, rules.ts), so its texts land under the page's
 * field names; then the page's values become the `POST /companyEvent/organizer` payload (form.ts `payloadFromValues`,
 * SPEC §5) and the API's schema parses that. The page's script does not import this module (form.ts has no zod).
 */
import { z } from 'zod'
import { emptyAsNull } from '#app/domain/fields.ts'
import { InviteeEmailsSchema } from '#app/domain/meetings/rules.ts'
import { TypedDateSchema, TypedTimeSchema } from '#app/domain/time/typed-fields.ts'
import { type NewContactRow, type OneTimeFormValues, emailList, payloadFromValues } from './form.ts'
import { NewContactSchema, type OneTimeEventInput, OneTimeEventSchema, OneTimeFormSchema } from './rules.ts'

type Payload = ReturnType<typeof payloadFromValues>

/** A field checked by `rule` (what `read` makes of it) and kept as it is: the rule's issues under this field. */
// biome-ignore lint/suspicious/noExplicitAny: the page's value as read, checked by the rule
const checkedBy = <V = any>(rule: z.ZodType, read: (value: V) => unknown = (value) => value) =>
  z.any().superRefine((value: V, ctx) => {
    const result = rule.safeParse(read(value))
    if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue } as never)
  })

const blankRow = (row: NewContactRow) => !row.firstName.trim() && !row.lastName.trim() && !row.email.trim()

/** The emails the meeting's assistants get (the adjutants, and the visitors when visitors are invited). */
const assistantsOf = (values: OneTimeFormValues) => payloadFromValues(values, null).adjutantEmails ?? []

export function oneTimePageSchema(browserOffsetHours: number | null) {
  return z
    .object({
      // The fields' one reading of a typed date and time (form.ts read them the same way; what it could not read is
      // still as typed, named here).
      date: TypedDateSchema,
      timeFrom: TypedTimeSchema,
      timeTo: TypedTimeSchema,
      timeZone: checkedBy(OneTimeEventSchema.shape.timeZone, emptyAsNull),
      existContacts: checkedBy(OneTimeEventSchema.shape.contactIds),
      // A row left empty is no contact (SPEC §5); the others are the API's new contacts, each under its own row.
      newContacts: checkedBy(z.array(NewContactSchema.nullable()).max(100), (rows: NewContactRow[]) =>
        rows.map((row) => (blankRow(row) ? null : row)),
      ),
    })
    .loose()
    .and(checkedBy(OneTimeFormSchema, (values: OneTimeFormValues) => payloadFromValues(values, null).form))
    .and(
      z.any().superRefine((values: OneTimeFormValues, ctx) => {
        const typedAdjutants = emailList(values.adjutants).length
        const result = InviteeEmailsSchema.safeParse(assistantsOf(values))
        if (result.success) return
        for (const issue of result.error.issues) {
          // An email of the list is said beside the field it was typed in.
          const index = typeof issue.path[0] === 'number' ? issue.path[0] : 0
          ctx.addIssue({ ...issue, path: [index < typedAdjutants ? 'adjutants' : 'visitors'] } as never)
        }
      }),
    )
    .transform((values: OneTimeFormValues) => payloadFromValues(values, browserOffsetHours))
    .pipe(OneTimeEventSchema as z.ZodType<OneTimeEventInput, Payload>)
}

/**
 * The page's field for a payload field a refusal names (app/domain/commands/one-time.ts decides on the payload, as
 * the API reports it): the dates' times, the chosen contacts, the new ones, the assistants; `form.X` is the page's X.
 */
const PAGE_FIELD_OF: Record<string, string> = {
  'dates.0': 'timeFrom',
  'dates.0.from': 'timeFrom',
  'dates.0.to': 'timeTo',
  contactIds: 'existContacts',
  contacts: 'newContacts',
  adjutantEmails: 'adjutants',
}

export function pageFieldOf(payloadField: string): string {
  return PAGE_FIELD_OF[payloadField] ?? payloadField.replace(/^form\./, '')
}
