import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { data, redirect } from '@remix-run/cloudflare'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { OneTimeForm } from '#app/components/one-time/one-time-form.tsx'
import { copyToClipboard } from '#app/components/ui/clipboard.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { type CreateAnswer, createPageAction, createPageData } from '#app/server/one-time/page.server.ts'
import { shareInfo } from '#app/server/one-time/public.server.ts'
import { telemostState } from '#app/server/video/grants.server.ts'
import { plansPath } from '#app/domain/plans.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

const PATH = '/meetings/one-time-event/create'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, language, t } = await signedInPage(request, context)
  const created = new URL(request.url).searchParams.get('created')
  if (created) {
    const share = await shareInfo(db, user.id, created, parseEnv(context.cloudflare.env).APP_URL)
    if (!share) throw new Response(null, { status: 404 })
    return { title: t('oneTime:created.title'), share, form: null }
  }
  const [form, telemost] = await Promise.all([
    createPageData(db, user, language, Date.now()),
    telemostState(db, parseEnv(context.cloudflare.env), user.id),
  ])
  return { title: t('oneTime:create.title'), share: null, form: { ...form, telemost } }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user, language, env } = await signedInPage(request, context)
  const result = await createPageAction(env, db, user, await request.formData(), language, getT(language))
  if ('id' in result) return redirect(`${PATH}?created=${encodeURIComponent(result.id)}`)
  return data(result.answer, { status: result.status })
}

/** `/meetings/one-time-event/create`: a one-time meeting for chosen contacts, then its share link (SPEC §2). */
export default function CreateOneTimeEvent() {
  const loaded = useLoaderData<typeof loader>()
  const answer = useActionData<CreateAnswer>()
  const navigation = useNavigation()
  const { t } = useTranslation()
  const busy = navigation.state === 'submitting'
  return (
    <section className="mx-auto max-w-3xl space-y-5" data-testid="one-time-page">
      <nav>
        <Link to="/meetings" className="text-sm text-primary hover:underline">
          ← {t('oneTime:create.back')}
        </Link>
      </nav>
      <h1 className="text-2xl font-semibold">{loaded.title}</h1>
      {loaded.share ? <Created share={loaded.share} /> : null}
      {loaded.form && !loaded.form.allowed ? (
        <div className="card space-y-3 p-5" data-testid="one-time-plan">
          <p>{t('eventTypes:plan.availableFrom', { plan: loaded.form.availableFrom })}</p>
          <Link to={plansPath(loaded.form.availableFrom)} className="btn-primary inline-flex">
            {t('eventTypes:plan.toPlans')}
          </Link>
        </div>
      ) : null}
      {loaded.form?.allowed ? (
        <OneTimeForm
          initial={answer?.values ?? loaded.form.defaults}
          templates={loaded.form.templates}
          contacts={loaded.form.contacts}
          zones={loaded.form.zones}
          minDate={loaded.form.minDate}
          lockedTypes={loaded.form.lockedTypes}
          videoLinksLocked={loaded.form.videoLinksLocked}
          telemost={loaded.form.telemost}
          returnTo={PATH}
          errors={answer?.errors ?? []}
          fieldErrors={answer?.fieldErrors ?? {}}
          conflict={answer?.conflict ?? null}
          busy={busy}
        />
      ) : null}
    </section>
  )
}

function Created({ share }: { share: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['share']> }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  return (
    <div className="space-y-4" data-testid="one-time-created">
      <p role="status" className="rounded-lg bg-success-soft p-3 text-sm text-success">
        {t('oneTime:created.done', { name: share.name })}
      </p>
      <div className="card space-y-2 p-5">
        <label htmlFor="one-time-share" className="text-sm font-medium">
          {t('oneTime:created.link')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="one-time-share"
            readOnly
            value={share.link}
            className="w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-sm"
            data-testid="one-time-share-link"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className="btn-secondary"
            onClick={async () => {
              const copied = { copied: t('oneTime:created.copied'), failed: t('toast.clipboardFailed') }
              if (await copyToClipboard(share.link, copied)) setCopied(true)
            }}
          >
            {copied ? t('oneTime:created.copied') : t('oneTime:created.copy')}
          </button>
        </div>
        <p className="text-xs text-muted">{t('oneTime:created.linkHint')}</p>
      </div>
      <div className="card space-y-2 p-5">
        <h2 className="text-lg font-semibold">{t('oneTime:created.invitees')}</h2>
        {share.participants.length === 0 ? (
          <p className="text-sm text-muted">{t('oneTime:created.noInvitees')}</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="one-time-invitees">
            {share.participants.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                <span>
                  {`${p.firstName} ${p.lastName}`.trim()} <span className="text-muted">{p.email}</span>
                </span>
                <span className={p.isCanceled ? 'text-error' : p.isConfirmed ? 'text-success' : 'text-muted'}>
                  {t(`oneTime:created.status.${p.isCanceled ? 'canceled' : p.isConfirmed ? 'confirmed' : 'invited'}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to={`/meetings/${share.id}`} className="btn-primary">
          {t('oneTime:created.open')}
        </Link>
        <Link to={PATH} className="btn-secondary">
          {t('oneTime:created.another')}
        </Link>
      </div>
    </div>
  )
}
