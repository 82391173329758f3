import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { CheckboxField, Field, FormErrors } from '#app/components/ui/field.tsx'
import { NEW_CONTACT_ROWS_MAX, type OneTimeFormValues } from '#app/domain/one-time/form.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { OneTimeSectionProps } from './section-props.ts'
import type { InviteeCheck } from './use-invitee-check.ts'

export type ContactOption = { id: string; name: string; email: string }

type Props = OneTimeSectionProps & {
  /** Changes the values from the latest ones (an undo may come after other changes). */
  replace: (update: (previous: OneTimeFormValues) => OneTimeFormValues) => void
  invitee: InviteeCheck
}

/** The host's contacts to invite, each a checkbox `existContacts`; with script a search narrows the list. */
export function ExistingContacts({
  values,
  set,
  fe,
  replace,
  invitee,
  contacts,
}: Props & { contacts: ContactOption[] }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [search, setSearch] = useState('')
  const shown = useMemo(() => {
    const query = search.trim().toLowerCase()
    return query ? contacts.filter((c) => c.name.toLowerCase().includes(query) || c.email.includes(query)) : contacts
  }, [contacts, search])
  const pick = (contact: ContactOption, checked: boolean) => {
    set({
      existContacts: checked
        ? [...values.existContacts, contact.id]
        : values.existContacts.filter((id) => id !== contact.id),
    })
    if (!checked) return
    invitee.check(contact.email, () =>
      replace((previous) => ({
        ...previous,
        existContacts: previous.existContacts.filter((id) => id !== contact.id),
      })),
    )
  }
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium" id="one-time-contacts">
        {t('oneTime:create.existContacts')}{' '}
        <span className="text-muted">{t('oneTime:create.selected', { count: values.existContacts.length })}</span>
      </h3>
      {contacts.length === 0 ? (
        <p className="text-sm text-muted">{t('oneTime:create.noContacts')}</p>
      ) : (
        <>
          {hydrated ? (
            <Field
              label={t('oneTime:create.searchContacts')}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          ) : null}
          <ul
            className="max-h-60 space-y-1 overflow-y-auto rounded-lg border border-line p-2"
            aria-labelledby="one-time-contacts"
            data-testid="one-time-contacts"
          >
            {contacts.map((contact) => (
              <li key={contact.id} hidden={!shown.includes(contact)}>
                <CheckboxField
                  name="existContacts"
                  value={contact.id}
                  checked={values.existContacts.includes(contact.id)}
                  onChange={(e) => pick(contact, e.target.checked)}
                  label={`${contact.name} — ${contact.email}`}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <FormErrors errors={fe('existContacts')} />
    </div>
  )
}

/**
 * People who are not contacts yet: rows of first name, last name and email (`newContacts.N.*`). "Add" is a new row
 * with script, a submit that comes back with one more row without.
 */
export function NewContacts({ values, set, fe, replace, invitee }: Props) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const setRow = (index: number, patch: Partial<OneTimeFormValues['newContacts'][number]>) =>
    replace((previous) => ({
      ...previous,
      newContacts: previous.newContacts.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    }))
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-medium">{t('oneTime:create.newContacts')}</h3>
      {values.newContacts.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
        <div key={index} className="grid gap-2 sm:grid-cols-3" data-testid="one-time-new-contact">
          {(['firstName', 'lastName', 'email'] as const).map((key) => (
            <Field
              key={key}
              label={t(`oneTime:create.newContact.${key}`, { index: index + 1 })}
              name={`newContacts.${index}.${key}`}
              type={key === 'email' ? 'email' : 'text'}
              value={row[key]}
              onChange={(e) => setRow(index, { [key]: e.target.value })}
              errors={fe(`newContacts.${index}.${key}`)}
              onBlur={
                key === 'email' ? (e) => invitee.check(e.target.value, () => setRow(index, { email: '' })) : undefined
              }
            />
          ))}
        </div>
      ))}
      {values.newContacts.length < NEW_CONTACT_ROWS_MAX ? (
        <Button
          type={hydrated ? 'button' : 'submit'}
          name={hydrated ? undefined : 'intent'}
          value={hydrated ? undefined : 'addContact'}
          variant="ghost"
          onClick={
            hydrated
              ? () => set({ newContacts: [...values.newContacts, { firstName: '', lastName: '', email: '' }] })
              : undefined
          }
        >
          {t('oneTime:create.addContact')}
        </Button>
      ) : null}
      <FormErrors errors={fe('newContacts')} />
    </div>
  )
}
