import type { OneTimeFormValues } from '#app/domain/one-time/form.ts'

/** What each part of the one-time meeting form gets from the form. */
export type OneTimeSectionProps = {
  values: OneTimeFormValues
  set: (patch: Partial<OneTimeFormValues>) => void
  /** The server's texts for a field (with its items' texts, for a list typed in one field). */
  fe: (name: string) => string[] | null
}
