/** The waitlist of a group meeting's slot on its page (docs/decisions/0108-waitlist.md): who waits, in line order. */
import { useTranslation } from 'react-i18next'
import { PostButton } from '#app/components/ui/post-button.tsx'
import { RowText } from '#app/components/ui/row-text.tsx'
import { TitledSection } from '#app/components/ui/titled-section.tsx'

export type WaitlistEntryView = {
  id: string
  name: string
  email: string
  joinedAt: string
  offeredUntil: string | null
}

export function MeetingWaitlist({ entries, busy }: { entries: WaitlistEntryView[]; busy: boolean }) {
  const { t } = useTranslation()
  return (
    <TitledSection
      className="card p-5"
      id="waitlist-title"
      title={t('waitlist:meeting.title')}
      testId="meeting-waitlist"
    >
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('waitlist:meeting.empty')}</p>
      ) : (
        <ol className="mt-3 divide-y divide-line">
          {entries.map((entry, index) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-start justify-between gap-3 py-3"
              data-testid="waitlist-entry"
            >
              <RowText title={`${index + 1}. ${entry.name}`}>
                <p className="mt-1 break-all">
                  <span className="text-muted">{t('waitlist:meeting.email')}: </span>
                  <a href={`mailto:${entry.email}`} className="text-primary">
                    {entry.email}
                  </a>
                </p>
                <p className="mt-1">
                  <span className="text-muted">{t('waitlist:meeting.joinedAt')}: </span>
                  {entry.joinedAt}
                </p>
                <p className="mt-1" data-testid="waitlist-entry-state">
                  {entry.offeredUntil ? (
                    <>
                      <span className="text-muted">{t('waitlist:meeting.offeredUntil')}: </span>
                      <span className="font-medium text-primary">{entry.offeredUntil}</span>
                    </>
                  ) : (
                    <span className="text-muted">{t('waitlist:meeting.waiting')}</span>
                  )}
                </p>
              </RowText>
              <PostButton
                fields={{ intent: 'removeWaitlistEntry', entryId: entry.id }}
                variant="secondary"
                disabled={busy}
                data-testid="waitlist-remove"
              >
                {t('waitlist:meeting.remove')}
              </PostButton>
            </li>
          ))}
        </ol>
      )}
    </TitledSection>
  )
}
