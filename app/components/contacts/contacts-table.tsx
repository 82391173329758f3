import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ContactRow as ListedContact } from '#app/server/contacts/contacts.server.ts'

/** A contact as the contacts page lists it (`lastBooking` already a readable date in the specialist's zone). */
export type ContactRow = Omit<ListedContact, 'lastBookingAt'> & { lastBooking: string | null }

type Column = { key: string; value: (c: ContactRow) => unknown; cell: (c: ContactRow) => ReactNode }

/** A column whose value is a link (`mailto:`, `tel:`), empty where the contact has none. */
const linkColumn = (key: 'email' | 'phone', scheme: string): Column => ({
  key,
  value: (c) => c[key],
  cell: (c) =>
    c[key] ? (
      <a className="text-primary" href={`${scheme}${c[key]}`}>
        {c[key]}
      </a>
    ) : null,
})

/** A column that shows a value as it is. */
const textColumn = (key: string, value: (c: ContactRow) => string | null): Column => ({ key, value, cell: value })

/**
 * The contacts table: a checkbox (`contactIds`, posted with the page's form) and the name, then the columns some
 * contact on the page fills (issue 18: no empty columns). On phones each row is a card of labelled lines, and
 * "select all" stands above them (the header row is hidden there).
 */
export function ContactsTable({
  contacts,
  selected,
  onSelect,
}: {
  contacts: readonly ContactRow[]
  selected: readonly string[]
  onSelect: (ids: string[]) => void
}) {
  const { t } = useTranslation()
  const columns = [
    linkColumn('email', 'mailto:'),
    linkColumn('phone', 'tel:'),
    {
      key: 'messenger',
      value: (c: ContactRow) => c.messengerValue,
      cell: (c: ContactRow) => (c.messengerValue ? `${c.messengerType}: ${c.messengerValue}` : null),
    },
    textColumn('eventType', (c) => c.eventTypeName),
    textColumn('lastBooking', (c) => c.lastBooking),
    { key: 'method', value: () => true, cell: (c: ContactRow) => t(`contacts:method.${c.communicationMethod}`) },
    textColumn('clinicId', (c) => c.customField),
  ].filter((column) => contacts.some((c) => Boolean(column.value(c))))
  const allChecked = contacts.length > 0 && contacts.every((c) => selected.includes(c.id))
  const selectAll = (checked: boolean) => onSelect(checked ? contacts.map((c) => c.id) : [])
  const toggle = (id: string, checked: boolean) =>
    onSelect(checked ? [...selected, id] : selected.filter((other) => other !== id))
  return (
    <div className="card sm:overflow-x-auto">
      <label className="flex items-center gap-2 border-b border-line p-3 text-sm sm:hidden">
        <input type="checkbox" checked={allChecked} onChange={(event) => selectAll(event.target.checked)} />
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
                onChange={(event) => selectAll(event.target.checked)}
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
          {contacts.map((contact) => {
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
                    onChange={(event) => toggle(contact.id, event.target.checked)}
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
  )
}
