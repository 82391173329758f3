import { queryInt } from '#app/domain/query-number.ts'
import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EventTypeCard } from '#app/components/event-types/event-type-card.tsx'
import { PlanLimitModal } from '#app/components/event-types/plan-limit-modal.tsx'
import { DeleteDialog } from '#app/components/ui/confirm-dialog.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { ListHead } from '#app/components/ui/list-head.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import { EVENT_TYPES_PAGE_SIZE } from '#app/domain/constants.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { runListAction } from '#app/server/event-types/list-actions.server.ts'
import { canAddEventType, listEventTypes } from '#app/server/event-types/event-types.server.ts'
import { cheapestPlanAbove } from '#app/domain/plans.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, t } = await signedInPage(request, context)
  const url = new URL(request.url)
  const search = url.searchParams.get('q')?.trim() ?? ''
  // A page number out of range (its offset would not be a safe whole number) shows the first page.
  const page =
    queryInt(url.searchParams.get('page'), {
      min: 1,
      max: Math.floor(Number.MAX_SAFE_INTEGER / EVENT_TYPES_PAGE_SIZE),
    }) ?? 1
  const list = await listEventTypes(db, user.id, {
    limit: EVENT_TYPES_PAGE_SIZE,
    offset: (page - 1) * EVENT_TYPES_PAGE_SIZE,
    search,
  })
  return {
    title: t('eventTypes:list.metaTitle'),
    items: list.items,
    totalCount: list.pagination.totalCount,
    page,
    search,
    canAdd: await canAddEventType(db, user),
    plan: user.plan,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  const { status, ...result } = await runListAction(
    db,
    user,
    await request.formData(),
    getT(await getLanguage(request)),
  )
  return data(result, { status })
}

/** The list's action with its search and page kept, so the list stays where it was after an action. */
function listAction(params: URLSearchParams): string {
  const kept = new URLSearchParams(params)
  kept.delete('index')
  const query = kept.toString()
  return `/eventTypes?index${query ? `&${query}` : ''}`
}

/** `/eventTypes`: search, pages of 32, cards with their actions (SPEC §2 "Event types"). */
export default function EventTypes() {
  const { items, totalCount, page, search, canAdd, plan } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const [params] = useSearchParams()
  const { t } = useTranslation()
  const [planLimitOpen, setPlanLimitOpen] = useState(false)
  const [deleting, setDeleting] = useState<string | null>(null)
  const pages = Math.max(1, Math.ceil(totalCount / EVENT_TYPES_PAGE_SIZE))

  useEffect(() => {
    if (!result) return
    setDeleting(null)
    if (result.errors?.planLimit) setPlanLimitOpen(true)
    if (result.toast) showToast(result.toast, { kind: 'success', inList: true })
  }, [result])

  const pageLink = (target: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(target))
    return `?${next}`
  }

  return (
    <section data-testid="event-types-page">
      <ListHead keys="eventTypes:list" canAdd={canAdd} onLocked={() => setPlanLimitOpen(true)}>
        {(label) => (
          <Link to="/eventTypes/create" className="btn-primary">
            {label}
          </Link>
        )}
      </ListHead>
      <Form method="get" role="search" className="mt-4 flex gap-2">
        <label htmlFor="event-types-search" className="sr-only">
          {t('eventTypes:list.search')}
        </label>
        <input
          id="event-types-search"
          type="search"
          name="q"
          defaultValue={search}
          placeholder={t('eventTypes:list.search')}
          className="w-full max-w-md rounded-lg border border-line bg-card px-3 py-2.5 text-sm"
        />
        <button type="submit" className="btn-secondary">
          {t('eventTypes:list.find')}
        </button>
      </Form>
      <div className="mt-4">
        <FormErrors errors={result?.errors?.formErrors} />
      </div>
      {items.length === 0 ? (
        <p className="mt-8 text-center text-muted" data-testid="event-types-empty">
          {search ? t('eventTypes:list.nothingFound') : t('eventTypes:list.empty')}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((eventType) => (
            <EventTypeCard
              key={eventType.id}
              eventType={eventType}
              plan={plan}
              onDelete={() => setDeleting(eventType.id)}
            />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="mt-6 flex items-center justify-center gap-3" aria-label={t('eventTypes:list.pages')}>
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="btn-secondary">
              ← {t('eventTypes:list.previous')}
            </Link>
          ) : null}
          <span className="text-sm text-muted">{t('eventTypes:list.pageOf', { page, pages })}</span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className="btn-secondary">
              {t('eventTypes:list.next')} →
            </Link>
          ) : null}
        </nav>
      ) : null}
      <DeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        keys="eventTypes:actions"
        action={listAction(params)}
        id={deleting ?? ''}
        loading={navigation.state === 'submitting'}
      />
      <PlanLimitModal
        open={planLimitOpen}
        onClose={() => setPlanLimitOpen(false)}
        availableFrom={cheapestPlanAbove(plan, 'eventTypes')}
      />
    </section>
  )
}
