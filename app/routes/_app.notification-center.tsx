import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link, redirect, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PostButton } from '#app/components/ui/post-button.tsx'
import { instantToZoned, isoToDmy } from '#app/domain/time/index.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import {
  NOTIFICATIONS_PAGE,
  actionHref,
  listNotifications,
  markRead,
  openNotification,
} from '#app/server/notify/notifications.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

/** How many of the newest the page shows: `?limit=` grows by a page with each "Show more" (never below one page). */
const MAX_LIMIT = 1000

function limitOf(request: Request): number {
  const asked = Number(new URL(request.url).searchParams.get('limit'))
  if (!Number.isInteger(asked) || asked < NOTIFICATIONS_PAGE) return NOTIFICATIONS_PAGE
  return Math.min(asked, MAX_LIMIT)
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  const limit = limitOf(request)
  const language = await getLanguage(request)
  const { items, pagination } = await listNotifications(db, { ...user, language }, limit, 0)
  return {
    title: getT(language)('notify:center.metaTitle'),
    items: items.map((item) => ({
      ...item,
      href: actionHref(item.action.onClickActionName, item.action.onClickActionValue),
    })),
    totalCount: pagination.totalCount,
    nextLimit: items.length < pagination.totalCount && limit < MAX_LIMIT ? limit + NOTIFICATIONS_PAGE : null,
    // Dates read in the profile's zone on the server and in the browser alike (the same text, so hydration holds).
    timeZone: user.timeZone,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  const form = await request.formData()
  const id = form.get('id')
  if (form.get('intent') === 'readAll') {
    await markRead(db, user.id, Date.now())
    return redirect(`/notification-center${new URL(request.url).search}`)
  }
  if (typeof id !== 'string' || id.length > 64) throw new Response(null, { status: 400 })
  // Opening a notification reads it and follows its action (SPEC §3 onClickActionName/Value); another user's is 404.
  const item = await openNotification(db, user.id, id, Date.now())
  if (!item) throw new Response(null, { status: 404 })
  return redirect(actionHref(item.actionName, item.actionValue))
}

/** `/notification-center`: the specialist's notifications, newest first; opening one marks it read. */
export default function NotificationCenter() {
  const { items, nextLimit, timeZone } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const navigation = useNavigation()
  const hasUnread = items.some((item) => !item.isRead)
  const formatDate = (iso: string) => {
    const zoned = instantToZoned(timeZone, Date.parse(iso))
    return `${isoToDmy(zoned.date)} ${zoned.time}`
  }
  return (
    <section className="mx-auto max-w-2xl" aria-labelledby="center-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="center-title" className="text-2xl font-semibold">
          {t('notify:center.title')}
        </h1>
        {hasUnread ? (
          <PostButton fields={{ intent: 'readAll' }} variant="secondary" loading={navigation.state === 'submitting'}>
            {t('notify:center.markAllRead')}
          </PostButton>
        ) : null}
      </div>
      {items.length === 0 ? <p className="mt-6 text-muted">{t('notify:center.empty')}</p> : null}
      <ul className="mt-6 space-y-3">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid="notification"
            data-read={item.isRead}
            className={`card flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between ${item.isRead ? '' : 'border-primary'}`}
          >
            <div className="min-w-0">
              <p className="flex items-center gap-2 font-medium">
                {item.isRead ? null : (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-white">
                    {t('notify:center.unread')}
                  </span>
                )}
                <span className="break-words">{item.title}</span>
              </p>
              <p className="mt-1 break-words text-sm text-muted">{item.body}</p>
              <p className="mt-1 text-xs text-muted">
                <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
              </p>
            </div>
            <PostButton
              className="shrink-0"
              fields={{ id: item.id }}
              variant="ghost"
              aria-label={`${t('notify:center.open')}: ${item.title}`}
            >
              {t('notify:center.open')}
            </PostButton>
          </li>
        ))}
      </ul>
      {nextLimit ? (
        <div className="mt-6 flex justify-center">
          <Link
            to={`?limit=${nextLimit}`}
            preventScrollReset
            replace
            className="btn-secondary"
            data-testid="notifications-more"
          >
            {t('notify:center.showMore')}
          </Link>
        </div>
      ) : null}
    </section>
  )
}
