import type { TFunction } from 'i18next'
import { NewVisitorsSchema } from '#app/domain/meetings/rules.ts'
import { parseInput } from './forms/page-action.server.ts'
import { refuse } from './refusal.server.ts'

/** Emails typed one per line or separated by commas or spaces. */
export function emailList(value: FormDataEntryValue | null): string[] {
  return String(value ?? '')
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean)
}

/** The visitors' emails a form sent (one at least), as both meeting pages read them. */
export function visitorEmails(t: TFunction, form: FormData): string[] {
  return parseInput(t, NewVisitorsSchema, { emails: emailList(form.get('emails')) }).emails
}

/** A posted slot start (`intent=reschedule`): an instant, or the "required" refusal on `start`. */
export function postedStart(form: FormData): number {
  const start = Date.parse(String(form.get('start') ?? ''))
  if (Number.isNaN(start)) refuse('required', 'start')
  return start
}
