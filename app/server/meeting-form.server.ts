import type { TFunction } from 'i18next'
import { z } from 'zod'
import { InviteeEmailsSchema } from '#app/domain/meetings/rules.ts'
import { parseForm } from './meetings/page-errors.server.ts'
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
  return parseForm(t, z.object({ emails: InviteeEmailsSchema.pipe(z.array(z.string()).min(1)) }), {
    emails: emailList(form.get('emails')),
  }).emails
}

/** A posted slot start (`intent=reschedule`): an instant, or the "required" refusal on `start`. */
export function postedStart(form: FormData): number {
  const start = Date.parse(String(form.get('start') ?? ''))
  if (Number.isNaN(start)) refuse('required', 'start')
  return start
}
