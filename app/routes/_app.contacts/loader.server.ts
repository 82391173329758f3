import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { CONTACTS_PAGE_SIZE, ContactFilterPageSchema, emptyKind } from '#app/domain/contacts/rules.ts'
import { queryInt } from '#app/domain/query-number.ts'
import { instantToZoned, isoToDmy } from '#app/domain/time/index.ts'
import { parseForm } from '#app/server/forms/parse.server.ts'
import { canEmailContacts, contactEventTypes, listContacts } from '#app/server/contacts/contacts.server.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

/** `/contacts`: one page of the filtered contacts, the filter's problems under its fields, the event types. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, t } = await signedInPage(request, context)
  const url = new URL(request.url)
  // The filter is a GET form: its period fields send the dates as typed (DD.MM.YYYY; older links YYYY-MM-DD).
  const parsed = parseForm(url.searchParams, ContactFilterPageSchema, t)
  const filter = parsed.ok ? parsed.value : ContactFilterPageSchema.parse({})
  // A filter that cannot be read lists everything and names each problem under its field, keeping what was typed;
  // the period's own problem (from after to) and any field the form does not show are said under `to`.
  const filterErrors: Record<string, string[]> = {}
  const { fieldErrors, formErrors } = parsed.ok ? { fieldErrors: {}, formErrors: [] } : parsed.errors
  for (const [named, texts] of [...Object.entries(fieldErrors), ['', formErrors] as const]) {
    const field = ['firstName', 'lastName', 'email', 'from'].includes(named) ? named : 'to'
    if (texts.length > 0) filterErrors[field] = [...(filterErrors[field] ?? []), ...texts]
  }
  // An offset that is not a safe whole number (`9223372036854775807`) shows the first page, as the API would refuse it.
  const offset = queryInt(url.searchParams.get('offset'), { min: 0, max: Number.MAX_SAFE_INTEGER }) ?? 0
  const [list, eventTypes] = await Promise.all([
    listContacts(db, user, filter, { limit: CONTACTS_PAGE_SIZE, offset }, Date.now()),
    contactEventTypes(db, user.id),
  ])
  return {
    title: t('contacts:title'),
    filter,
    filterErrors,
    typedPeriod: { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' },
    empty: emptyKind(filter),
    offset,
    totalCount: list.totalCount,
    contacts: list.items.map((contact) => ({
      ...contact,
      lastBooking: contact.lastBookingAt ? isoToDmy(instantToZoned(user.timeZone, contact.lastBookingAt).date) : null,
    })),
    eventTypes,
    canEmail: canEmailContacts(user),
  }
}
