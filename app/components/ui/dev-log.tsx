import { Fragment } from 'react'

/** One thing the app sent: its facts (label, value), an optional heading, its text, and its attachments' names. */
export type DevLogItem = {
  id: string
  facts: { label: string; value: string; className?: string; testId?: string }[]
  heading?: string | null
  text: string
  attachments?: string[]
}

/** A development page listing what the app has sent, newest first (`/dev/mail`, `/dev/messages`). */
export function DevLog({
  title,
  empty,
  items,
  testIds,
}: {
  title: string
  empty: string
  items: DevLogItem[]
  testIds: { item: string; text: string }
}) {
  return (
    <main className="container-page py-8">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {items.length === 0 ? <p className="mt-4 text-muted">{empty}</p> : null}
      <ul className="mt-6 space-y-4">
        {items.map((item) => (
          <li key={item.id} className="card p-4" data-testid={testIds.item}>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              {item.facts.map((fact) => (
                <Fragment key={fact.label}>
                  <dt className="text-muted">{fact.label}</dt>
                  <dd className={fact.className} data-testid={fact.testId}>
                    {fact.value}
                  </dd>
                </Fragment>
              ))}
            </dl>
            {item.heading ? <p className="mt-3 font-medium wrap-anywhere">{item.heading}</p> : null}
            <pre
              className="mt-3 whitespace-pre-wrap wrap-anywhere rounded-lg bg-surface p-3 text-sm"
              data-testid={testIds.text}
            >
              {item.text}
            </pre>
            {item.attachments?.length ? (
              <p className="mt-2 text-xs text-muted wrap-anywhere">📎 {item.attachments.join(', ')}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </main>
  )
}
