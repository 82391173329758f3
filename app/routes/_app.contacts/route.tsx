import { Form, Link, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { ContactInviteDialog, ContactMessageDialog } from '#app/components/contacts/contact-dialogs.tsx'
import { AddContactPanel, FilterPanel } from '#app/components/contacts/contact-panels.tsx'
import { ContactsTable } from '#app/components/contacts/contacts-table.tsx'
import { ActionErrors } from '#app/components/meetings/meeting-parts.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { usePageAnswer } from '#app/components/ui/use-page-answer.ts'
import { CONTACTS_PAGE_SIZE } from '#app/domain/contacts/rules.ts'
import { useQueryLink } from '#app/utils/query-link.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { loader } from './loader.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export { action } from './action.server.ts'
export { loader } from './loader.server.ts'

export const meta = titleMeta

/** `/contacts`: the specialist's contacts (SPEC §2 Contacts). */
export default function Contacts() {
  const data = useLoaderData<typeof loader>()
  const [selected, setSelected] = useState<string[]>([])
  const [dialog, setDialog] = useState<'message' | 'invite' | null>(null)
  const { answer, busy, t } = usePageAnswer('contacts', {
    inList: true,
    onDone: () => {
      setSelected([])
      setDialog(null)
    },
  })
  const linkWith = useQueryLink()

  const viewArchive = data.filter.viewArchive
  const tabLink = (archive: boolean) => linkWith({ offset: null, viewArchive: archive ? 'true' : null })
  const pageLink = (offset: number) => linkWith({ offset: String(offset) })
  const chosen = data.contacts.filter((contact) => selected.includes(contact.id))
  // Archive/reopen act on the ticked rows: nothing ticked, nothing to do. Before hydration the boxes are plain form
  // inputs the script cannot count, so the buttons stay usable there (the server refuses an empty choice).
  const hydrated = useHydrated()
  const nothingChosen = hydrated && chosen.length === 0
  const archiveIntent = viewArchive ? 'reopen' : 'archive'

  return (
    <section data-testid="contacts-page" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('contacts:title')}</h1>
        <nav className="flex gap-1" aria-label={t('contacts:tabsLabel')}>
          {([false, true] as const).map((archive) => (
            <Link
              key={String(archive)}
              to={tabLink(archive)}
              aria-current={viewArchive === archive ? 'page' : undefined}
              className={`rounded-lg px-3 py-2 text-sm font-medium ${viewArchive === archive ? 'bg-primary-soft text-primary' : 'text-ink hover:bg-surface'}`}
            >
              {t(archive ? 'contacts:tabs.archive' : 'contacts:tabs.active')}
            </Link>
          ))}
        </nav>
      </div>

      {answer && !answer.ok ? <ActionErrors errors={answer.errors} testId="contacts-errors" /> : null}

      <div className="grid gap-3 md:grid-cols-2">
        <FilterPanel
          filter={data.filter}
          filterErrors={data.filterErrors}
          typedPeriod={data.typedPeriod}
          eventTypes={data.eventTypes}
          open={data.empty === 'filtered' || Object.keys(data.filterErrors).length > 0}
        />
        <AddContactPanel open={answer?.intent === 'add' && !answer.ok} />
      </div>

      <Form method="post" id="contacts-form" className="space-y-3">
        <div className="flex flex-wrap items-center gap-2" data-testid="contacts-actions">
          <span className="text-sm text-muted">{t('contacts:selected', { count: chosen.length })}</span>
          <Button
            type="submit"
            name="intent"
            value={archiveIntent}
            variant="secondary"
            disabled={busy || nothingChosen}
            data-testid={`contacts-${archiveIntent}`}
          >
            {t(`contacts:actions.${archiveIntent}`)}
          </Button>
          {(['message', 'invite'] as const).map((kind) => (
            <Button key={kind} variant="secondary" disabled={chosen.length === 0} onClick={() => setDialog(kind)}>
              {t(`contacts:actions.${kind}`)}
            </Button>
          ))}
        </div>

        {data.contacts.length === 0 ? (
          <p className="card p-6 text-center text-muted" data-testid="contacts-empty">
            {t(`contacts:empty.${data.empty}`)}
          </p>
        ) : (
          <ContactsTable contacts={data.contacts} selected={selected} onSelect={setSelected} />
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
