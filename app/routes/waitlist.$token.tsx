import { type ActionFunctionArgs, type LoaderFunctionArgs, data, redirect } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ErrorNote, SubmitButton } from '#app/components/booking/form-fields.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { refusalKey, refusalStatus } from '#app/domain/refusal.ts'
import { formatMoment, formatWhen } from '#app/domain/time/readable.ts'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { runCommand } from '#app/server/booking/host-lock-client.server.ts'
import { eventPath } from '#app/server/booking/page/flow.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { drainOutbox } from '#app/server/outbox/outbox.server.ts'
import { entryWithEvent } from '#app/server/waitlist/entries.server.ts'
import { entryIdOfToken } from '#app/server/waitlist/links.server.ts'
import { pageMeta } from '#app/utils/title-meta.ts'

/**
 * A waitlist entry's emailed link (docs/decisions/0108-waitlist.md): a GET only shows the entry (mail scanners open
 * links); "Book this seat" and "Leave the waitlist" are plain form posts. An unknown or forged link is 404.
 */
export const handle: I18nHandle = { i18n: ['booking', 'waitlist'] }

export const meta = pageMeta({ noindex: true })

async function findByToken(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { env } = args.context.cloudflare
  const entryId = await entryIdOfToken(parseEnv(env), args.params.token ?? '')
  const row = entryId ? await entryWithEvent(getDb(env.DB), entryId) : null
  if (!row) throw new Response('Not found', { status: 404 })
  return row
}

export async function loader(args: LoaderFunctionArgs) {
  const row = await findByToken(args)
  const language = await getLanguage(args.request)
  const t = getT(language)
  const { entry } = row
  const now = Date.now()
  // An offer past its time reads as lapsed at once, before the minute's sweep writes it.
  const lapsed = entry.status === 'offered' && (entry.offerExpiresAt ?? 0) <= now
  return {
    title: t('waitlist:entry.metaTitle', { event: row.eventName }),
    event: t('waitlist:entry.event', {
      event: row.eventName,
      organizer: `${row.hostFirstName} ${row.hostLastName}`.trim(),
    }),
    when: formatWhen({ start: entry.startAt, end: entry.endAt }, entry.timeZone, language),
    status: lapsed ? ('expired' as const) : entry.status,
    until: entry.offerExpiresAt ? formatMoment(entry.offerExpiresAt, entry.timeZone, language) : '',
    eventUrl: eventPath(row.login, row.eventLink),
  }
}

export async function action(args: ActionFunctionArgs) {
  const row = await findByToken(args)
  const { env, ctx } = args.context.cloudflare
  const t = getT(await getLanguage(args.request))
  const intent = String((await args.request.formData()).get('intent') ?? '')
  const ownerId = row.entry.ownerId
  if (intent === 'book') {
    const result = await runCommand(env, { kind: 'acceptWaitlistOffer', ownerId, entryId: row.entry.id })
    if (!result.ok) return data({ error: t(refusalKey(result.refusal)) }, { status: refusalStatus(result.refusal) })
    const ids = result.value.outboxIds
    if (ids.length > 0) ctx.waitUntil(drainOutbox(getDb(env.DB), parseEnv(env), Date.now(), { ids }).catch(() => {}))
    // The event page's success step, in the guest's language and zone (as they joined).
    const success = new URLSearchParams({
      booking: result.value.bookingId,
      lang: row.entry.language,
      tz: row.entry.timeZone,
    })
    return redirect(`${eventPath(row.login, row.eventLink)}?${success}`)
  }
  if (intent === 'leave') {
    const result = await runCommand(env, { kind: 'leaveWaitlist', ownerId, entryId: row.entry.id, by: 'guest' })
    if (!result.ok) return data({ error: t(refusalKey(result.refusal)) }, { status: refusalStatus(result.refusal) })
    return redirect(new URL(args.request.url).pathname)
  }
  return data({ error: t('api:fieldError') }, { status: 400 })
}

export default function WaitlistEntryPage() {
  const { t } = useTranslation()
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const live = page.status === 'waiting' || page.status === 'offered'
  return (
    <>
      <SiteHeader />
      <main className="container-page py-6 sm:py-10">
        <section className="card mx-auto max-w-xl space-y-4 p-4 sm:p-6" data-testid="waitlist-entry">
          <h1 className="text-2xl font-semibold">{t('waitlist:entry.title')}</h1>
          <p className="font-medium break-words">{page.event}</p>
          <p className="text-sm">{page.when}</p>
          <p role="status" data-testid="waitlist-status" data-status={page.status}>
            {t(`waitlist:entry.${page.status}`, { until: page.until })}
          </p>
          <ErrorNote text={answer && 'error' in answer ? answer.error : undefined} />
          <div className="flex flex-wrap gap-3">
            {page.status === 'offered' ? (
              <Form method="post">
                <input type="hidden" name="intent" value="book" />
                <SubmitButton testId="waitlist-book">{t('waitlist:entry.book')}</SubmitButton>
              </Form>
            ) : null}
            {live ? (
              <Form method="post">
                <input type="hidden" name="intent" value="leave" />
                <SubmitButton className="btn-secondary" testId="waitlist-leave">
                  {t('waitlist:entry.leave')}
                </SubmitButton>
              </Form>
            ) : null}
          </div>
          <Link to={page.eventUrl} className="text-sm text-primary underline">
            {t('waitlist:entry.toEvent')}
          </Link>
        </section>
      </main>
    </>
  )
}
