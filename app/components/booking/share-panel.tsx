import { readableMailto } from '#app/domain/event-types/share.ts'
import { useTranslation } from 'react-i18next'
import { copyToClipboard } from '#app/components/ui/clipboard.ts'

export type ShareLinks = { pageUrl: string; mailto: string; embed: string; embedMailto: string }

/** SPEC §2 "Share-calendar panel": three read-only fields, each with copy and send. */
export function SharePanel({ links }: { links: ShareLinks }) {
  const { t } = useTranslation()
  const rows = [
    { key: 'link', label: t('booking:share.link'), value: links.pageUrl, copied: links.pageUrl, send: links.mailto },
    // The mail-to reads decoded; "copy" still copies the working link.
    {
      key: 'mail',
      label: t('booking:share.mail'),
      value: readableMailto(links.mailto),
      copied: links.mailto,
      send: links.mailto,
    },
    {
      key: 'widget',
      label: t('booking:share.widget'),
      value: links.embed,
      copied: links.embed,
      send: links.embedMailto,
    },
  ]
  const copy = (value: string) =>
    copyToClipboard(value, { copied: t('booking:share.copied'), failed: t('toast.clipboardFailed') })
  return (
    <div className="grid gap-5" data-testid="share-panel">
      {rows.map((row) => (
        <div key={row.key} className="grid gap-1">
          <label htmlFor={`share-${row.key}`} className="text-sm font-medium">
            {row.label}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            {row.key === 'widget' ? (
              <textarea
                id={`share-${row.key}`}
                readOnly
                rows={3}
                value={row.value}
                onFocus={(e) => e.currentTarget.select()}
                className="w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-xs"
                data-testid={`share-${row.key}`}
              />
            ) : (
              <input
                id={`share-${row.key}`}
                readOnly
                value={row.value}
                onFocus={(e) => e.currentTarget.select()}
                className="w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
                data-testid={`share-${row.key}`}
              />
            )}
            <div className="flex gap-2">
              <button type="button" className="btn-secondary" onClick={() => copy(row.copied)}>
                {t('booking:share.copy')}
              </button>
              <a className="btn-ghost" href={row.send} data-testid={`share-${row.key}-send`}>
                {t('booking:share.send')}
              </a>
            </div>
          </div>
        </div>
      ))}
    </div>
  )
}
