import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { z } from 'zod'
import { ContactMessageDialog, ContactInviteDialog } from '#app/components/contacts/contact-dialogs.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DateField } from '#app/components/ui/date-time-inputs.tsx'
import { Field, SelectField } from '#app/components/ui/field.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import {
  CONTACTS_PAGE_SIZE,
  ContactFilterPageSchema,
  ContactIdsSchema,
  ContactInvitationSchema,
  ContactMessageSchema,
  MESSENGER_TYPES,
  NewContactSchema,
  emptyKind,
} from '#app/domain/contacts/rules.ts'
import { queryInt } from '#app/domain/query-number.ts'
import { instantToZoned, isoToDmy } from '#app/domain/time/index.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { issueText } from '#app/i18n/zod-errors.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { requireUser } from '#app/server/auth/session.server.ts'
import {
  addContact,
  canEmailContacts,
  contactEventTypes,
  inviteContacts,
  listContacts,
  messageContacts,
  setArchived,
} from '#app/server/contacts/contacts.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { type ActionAnswer, pageAction, parseForm } from '#app/server/meetings/page-errors.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const user = await requireUser(db, request)
  const t = getT(await getLanguage(request))
  const url = new URL(request.url)
  // The filter is a GET form: its period fields send the dates as typed (DD.MM.YYYY; older links YYYY-MM-DD).
  const parsed = ContactFilterPageSchema.safeParse({
    ...Object.fromEntries(url.searchParams),
    eventTypeIds: url.searchParams.getAll('eventTypeIds'),
  })
  const filter = parsed.success ? parsed.data : ContactFilterPageSchema.parse({})
  // A filter that cannot be read lists everything and names each problem under its field, keeping what was typed.
  const filterErrors: Record<string, string[]> = {}
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const named = String(issue.path[0])
    const field = ['firstName', 'lastName', 'email', 'from'].includes(named) ? named : 'to'
    filterErrors[field] = [...(filterErrors[field] ?? []), issueText({ ...issue, path: [] }, t)]
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

export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const user = await requireUser(db, request)
  const t = getT(await getLanguage(request))
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const ids = form.getAll('contactIds').map(String)
  const now = Date.now()
  return pageAction(intent, t, async () => {
    switch (intent) {
      case 'archive':
      case 'reopen': {
        const contactIds = parseForm(t, z.object({ contactIds: ContactIdsSchema }), { contactIds: ids }).contactIds
        return setArchived(db, user.id, contactIds, intent === 'archive', now)
      }
      case 'add':
        return addContact(db, user.id, parseForm(t, NewContactSchema, Object.fromEntries(form)), now)
      case 'message':
        return messageContacts(
          db,
          user,
          parseForm(t, ContactMessageSchema, { contactIds: ids, message: form.get('message') }),
          now,
          t,
        )
      case 'invite':
        return inviteContacts(
          db,
          user,
          parseForm(t, ContactInvitationSchema, { contactIds: ids, eventTypeId: form.get('eventTypeId') || null }),
          parseEnv(context.cloudflare.env).APP_URL,
          now,
          t,
        )
      default:
        throw new Response(null, { status: 400 })
    }
  })
}

/** `/contacts`: the specialist's contacts (SPEC §2 Contacts). */
export default function Contacts() {
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<ActionAnswer<unknown>>()
  const navigation = useNavigation()
  const [searchParams] = useSearchParams()
  const { t } = useTranslation()
  const [selected, setSelected] = useState<string[]>([])
  const [dialog, setDialog] = useState<'message' | 'invite' | null>(null)
  const busy = navigation.state !== 'idle'

  useEffect(() => {
    if (!answer) return
    if (answer.ok) {
      showToast(t(`contacts:done.${answer.intent}`), { kind: 'success', inList: true })
      setSelected([])
      setDialog(null)
    }
  }, [answer, t])

  const viewArchive = data.filter.viewArchive
  const tabLink = (archive: boolean) => {
    const params = new URLSearchParams(searchParams)
    params.delete('offset')
    if (archive) params.set('viewArchive', 'true')
    else params.delete('viewArchive')
    return `?${params}`
  }
  const chosen = data.contacts.filter((contact) => selected.includes(contact.id))
  // Archive/reopen act on the ticked rows: nothing ticked, nothing to do. Before hydration the boxes are plain form
  // inputs the script cannot count, so the buttons stay usable there (the server refuses an empty choice).
  const hydrated = useHydrated()
  const nothingChosen = hydrated && chosen.length === 0
  const allChecked = data.contacts.length > 0 && chosen.length === data.contacts.length
  type Row = (typeof data.contacts)[number]
  // The columns after the name; one no contact on the page fills is left out (issue 18: no empty columns).
  const columns = (
    [
      {
        key: 'email',
        value: (c: Row) => c.email,
        cell: (c: Row) =>
          c.email ? (
            <a className="text-primary" href={`mailto:${c.email}`}>
              {c.email}
            </a>
          ) : null,
      },
      {
        key: 'phone',
        value: (c: Row) => c.phone,
        cell: (c: Row) =>
          c.phone ? (
            <a className="text-primary" href={`tel:${c.phone}`}>
              {c.phone}
            </a>
          ) : null,
      },
      {
        key: 'messenger',
        value: (c: Row) => c.messengerValue,
        cell: (c: Row) => (c.messengerValue ? `${c.messengerType}: ${c.messengerValue}` : null),
      },
      { key: 'eventType', value: (c: Row) => c.eventTypeName, cell: (c: Row) => c.eventTypeName },
      { key: 'lastBooking', value: (c: Row) => c.lastBooking, cell: (c: Row) => c.lastBooking },
      {
        key: 'method',
        value: () => true,
        cell: (c: Row) => t(`contacts:method.${c.communicationMethod}`),
      },
      { key: 'clinicId', value: (c: Row) => c.customField, cell: (c: Row) => c.customField },
    ] as const
  ).filter((column) => data.contacts.some((c) => Boolean(column.value(c))))
  const pageLink = (offset: number) => {
    const params = new URLSearchParams(searchParams)
    params.set('offset', String(offset))
    return `?${params}`
  }

  return (
    <section data-testid="contacts-page" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('contacts:title')}</h1>
        <nav className="flex gap-1" aria-label={t('contacts:tabsLabel')}>
          <Link
            to={tabLink(false)}
            aria-current={viewArchive ? undefined : 'page'}
            className={`rounded-lg px-3 py-2 text-sm font-medium ${viewArchive ? 'text-ink hover:bg-surface' : 'bg-primary-soft text-primary'}`}
          >
            {t('contacts:tabs.active')}
          </Link>
          <Link
            to={tabLink(true)}
            aria-current={viewArchive ? 'page' : undefined}
            className={`rounded-lg px-3 py-2 text-sm font-medium ${viewArchive ? 'bg-primary-soft text-primary' : 'text-ink hover:bg-surface'}`}
          >
            {t('contacts:tabs.archive')}
          </Link>
        </nav>
      </div>

      {answer && !answer.ok ? (
        <div
          role="alert"
          className="rounded-lg border border-error bg-error-soft p-3 text-sm text-error"
          data-testid="contacts-errors"
        >
          {answer.errors.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}

      <div className="grid gap-3 md:grid-cols-2">
        <FilterPanel />
        <AddContactPanel open={answer?.intent === 'add' && !answer.ok} />
      </div>

      <Form method="post" id="contacts-form" className="space-y-3">
        <div className="flex flex-wrap items-center gap-2" data-testid="contacts-actions">
          <span className="text-sm text-muted">{t('contacts:selected', { count: chosen.length })}</span>
          {viewArchive ? (
            <Button
              type="submit"
              name="intent"
              value="reopen"
              variant="secondary"
              disabled={busy || nothingChosen}
              data-testid="contacts-reopen"
            >
              {t('contacts:actions.reopen')}
            </Button>
          ) : (
            <Button
              type="submit"
              name="intent"
              value="archive"
              variant="secondary"
              disabled={busy || nothingChosen}
              data-testid="contacts-archive"
            >
              {t('contacts:actions.archive')}
            </Button>
          )}
          <Button variant="secondary" disabled={chosen.length === 0} onClick={() => setDialog('message')}>
            {t('contacts:actions.message')}
          </Button>
          <Button variant="secondary" disabled={chosen.length === 0} onClick={() => setDialog('invite')}>
            {t('contacts:actions.invite')}
          </Button>
        </div>

        {data.contacts.length === 0 ? (
          <p className="card p-6 text-center text-muted" data-testid="contacts-empty">
            {t(`contacts:empty.${data.empty}`)}
          </p>
        ) : (
          <div className="card sm:overflow-x-auto">
            {/* Phones: each row a card of labelled lines (the header row hidden, so "select all" stands above). */}
            <label className="flex items-center gap-2 border-b border-line p-3 text-sm sm:hidden">
              <input
                type="checkbox"
                checked={allChecked}
                onChange={(event) => setSelected(event.target.checked ? data.contacts.map((c) => c.id) : [])}
              />
              {t('contacts:selectAll')}
            </label>
            <table className="w-full text-left text-sm sm:min-w-[720px]" data-testid="contacts-table">
              <thead className="border-b border-line bg-surface text-xs uppercase text-muted max-sm:hidden">
                <tr>
                  <th className="p-3">
                    <input
                      type="checkbox"
                      aria-label={t('contacts:selectAll')}
                      checked={allChecked}
                      onChange={(event) => setSelected(event.target.checked ? data.contacts.map((c) => c.id) : [])}
                    />
                  </th>
                  <th className="p-3">{t('contacts:columns.name')}</th>
                  {columns.map((column) => (
                    <th key={column.key} className="p-3" data-testid={`contacts-column-${column.key}`}>
                      {t(`contacts:columns.${column.key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-sm:block">
                {data.contacts.map((contact) => {
                  const name = `${contact.firstName} ${contact.lastName}`.trim()
                  return (
                    <tr
                      key={contact.id}
                      className="border-b border-line last:border-0 max-sm:grid max-sm:grid-cols-[auto_1fr] max-sm:gap-x-3 max-sm:p-3"
                      data-testid="contact-row"
                    >
                      <td className="p-3 max-sm:row-span-6 max-sm:p-0 max-sm:pt-0.5">
                        <input
                          type="checkbox"
                          name="contactIds"
                          value={contact.id}
                          aria-label={t('contacts:select', { name })}
                          checked={selected.includes(contact.id)}
                          onChange={(event) =>
                            setSelected((current) =>
                              event.target.checked
                                ? [...current, contact.id]
                                : current.filter((id) => id !== contact.id),
                            )
                          }
                        />
                      </td>
                      <td className="p-3 font-medium break-words max-sm:p-0">{name}</td>
                      {columns.map((column) => (
                        <td
                          key={column.key}
                          className="p-3 max-sm:col-start-2 max-sm:min-w-0 max-sm:p-0 max-sm:break-words max-sm:empty:hidden max-sm:before:mr-1 max-sm:before:text-muted max-sm:before:content-[attr(data-label)]"
                          data-label={`${t(`contacts:columns.${column.key}`)}:`}
                        >
                          {column.cell(contact)}
                        </td>
                      ))}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </Form>

      {data.totalCount > CONTACTS_PAGE_SIZE ? (
        <nav className="flex items-center justify-between text-sm" aria-label={t('contacts:paging')}>
          {data.offset > 0 ? (
            <Link className="text-primary" to={pageLink(Math.max(0, data.offset - CONTACTS_PAGE_SIZE))}>
              {t('contacts:previous')}
            </Link>
          ) : (
            <span />
          )}
          {data.offset + CONTACTS_PAGE_SIZE < data.totalCount ? (
            <Link className="text-primary" to={pageLink(data.offset + CONTACTS_PAGE_SIZE)}>
              {t('contacts:next')}
            </Link>
          ) : null}
        </nav>
      ) : null}

      <ContactMessageDialog
        open={dialog === 'message'}
        onClose={() => setDialog(null)}
        recipients={chosen}
        canEmail={data.canEmail}
        busy={busy}
      />
      <ContactInviteDialog
        open={dialog === 'invite'}
        onClose={() => setDialog(null)}
        recipients={chosen}
        canEmail={data.canEmail}
        eventTypes={data.eventTypes}
        busy={busy}
      />
    </section>
  )
}

/** SPEC §2: first name, last name, email, event types (scrollable checkboxes), period, "view not done". */
function FilterPanel() {
  const data = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const { filter } = data
  return (
    <details className="card p-4" open={data.empty === 'filtered' || Object.keys(data.filterErrors).length > 0}>
      <summary className="cursor-pointer font-medium">{t('contacts:filter.title')}</summary>
      <Form method="get" className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="contacts-filter">
        {filter.viewArchive ? <input type="hidden" name="viewArchive" value="true" /> : null}
        <Field
          label={t('contacts:filter.firstName')}
          name="firstName"
          defaultValue={filter.firstName ?? ''}
          errors={data.filterErrors.firstName}
        />
        <Field
          label={t('contacts:filter.lastName')}
          name="lastName"
          defaultValue={filter.lastName ?? ''}
          errors={data.filterErrors.lastName}
        />
        <Field
          label={t('contacts:filter.email')}
          name="email"
          defaultValue={filter.email ?? ''}
          errors={data.filterErrors.email}
          className="sm:col-span-2"
        />
        <DateField
          label={t('contacts:filter.from')}
          name="from"
          defaultValue={filter.from ?? data.typedPeriod.from}
          max="2099-12-31"
          errors={data.filterErrors.from}
        />
        <DateField
          label={t('contacts:filter.to')}
          name="to"
          defaultValue={filter.to ?? data.typedPeriod.to}
          max="2099-12-31"
          errors={data.filterErrors.to}
        />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">{t('contacts:filter.eventTypes')}</legend>
          <div className="mt-1 max-h-40 overflow-y-auto rounded-lg border border-line p-2">
            {data.eventTypes.length === 0 ? (
              <p className="text-sm text-muted">{t('contacts:filter.noEventTypes')}</p>
            ) : null}
            {data.eventTypes.map((eventType) => (
              <label key={eventType.id} className="flex items-center gap-2 py-1 text-sm">
                <input
                  type="checkbox"
                  name="eventTypeIds"
                  value={eventType.id}
                  defaultChecked={filter.eventTypeIds.includes(eventType.id)}
                />
                <span className="size-3 rounded-full" style={{ background: eventType.color }} aria-hidden="true" />
                {eventType.name}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" name="viewNotDone" value="true" defaultChecked={filter.viewNotDone} />
          {t('contacts:filter.viewNotDone')}
        </label>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit">{t('contacts:filter.apply')}</Button>
          <Link to={filter.viewArchive ? '?viewArchive=true' : '?'} className="btn-secondary">
            {t('contacts:filter.reset')}
          </Link>
        </div>
      </Form>
    </details>
  )
}

function AddContactPanel({ open }: { open: boolean }) {
  const { t } = useTranslation()
  return (
    <details className="card p-4" open={open || undefined}>
      <summary className="cursor-pointer font-medium">{t('contacts:add.title')}</summary>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="contact-add-form">
        <input type="hidden" name="intent" value="add" />
        <Field label={t('contacts:add.firstName')} name="firstName" required maxLength={200} />
        <Field label={t('contacts:add.lastName')} name="lastName" maxLength={200} />
        <Field label={t('contacts:add.email')} name="email" type="email" required maxLength={200} />
        <Field label={t('contacts:add.phone')} name="phone" type="tel" maxLength={200} />
        <SelectField
          label={t('contacts:add.messengerType')}
          name="messengerType"
          options={MESSENGER_TYPES.map((value) => ({ value, label: value }))}
        />
        <Field label={t('contacts:add.messengerValue')} name="messengerValue" maxLength={200} />
        <Field label={t('contacts:add.clinicId')} name="customField" maxLength={200} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <Button type="submit">{t('contacts:add.submit')}</Button>
        </div>
      </Form>
    </details>
  )
}
