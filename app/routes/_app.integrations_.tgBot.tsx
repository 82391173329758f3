import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { BackLink } from '#app/components/ui/back-link.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PostButton } from '#app/components/ui/post-button.tsx'
import { ConfirmButton } from '#app/components/ui/confirm-dialog.tsx'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { disconnectTelegram, telegramLink, telegramUserInfo } from '#app/server/notify/telegram-binding.server.ts'
import { missingTelegramSettings } from '#app/server/notify/telegram.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, env } = await signedInPage(request, context)
  const config = parseEnv(env)
  return {
    title: getT(await getLanguage(request))('notify:telegram.metaTitle'),
    info: await telegramUserInfo(db, user.id),
    isConfigured: missingTelegramSettings(config).length === 0,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user, env } = await signedInPage(request, context)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'disconnect') {
    await disconnectTelegram(db, user.id)
    return { intent: 'disconnect' as const, link: null }
  }
  if (intent === 'link') {
    const config = parseEnv(env)
    const missing = missingTelegramSettings(config)
    if (missing.length > 0) {
      console.warn(`Telegram bot is not configured: set ${missing.join(', ')}`)
      throw new Response(getT(await getLanguage(request))('notify:telegram.notConfigured'), { status: 503 })
    }
    const { link } = await telegramLink(db, config, user.id, Date.now())
    return { intent: 'link' as const, link }
  }
  throw new Response(null, { status: 400 })
}

/** `/integrations/tgBot`: connect the Telegram bot by a one-time deep link, see its state, disconnect. */
export default function TelegramBotPage() {
  const { info, isConfigured } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation()
  const busy = navigation.state !== 'idle'
  const link = !info.isEnabled && actionData?.intent === 'link' ? actionData.link : null
  return (
    <section className="mx-auto max-w-xl" aria-labelledby="tg-title">
      <BackLink to="/integrations" label={t('notify:telegram.back')} />
      <div className="card mt-3 p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="tg-title" className="text-xl font-semibold">
            {t('notify:telegram.title')}
          </h1>
          <span
            data-testid="tg-status"
            className={`rounded-full px-3 py-1 text-sm font-medium ${info.isEnabled ? 'bg-primary-soft text-primary' : 'bg-surface text-muted'}`}
          >
            {info.isEnabled ? t('notify:telegram.enabled') : t('notify:telegram.disabled')}
          </span>
        </div>
        <p className="mt-2 text-sm text-muted">{t('notify:telegram.lead')}</p>
        {info.isEnabled && info.chatUsername ? (
          <p className="mt-3 text-sm">{t('notify:telegram.connectedAs', { username: info.chatUsername })}</p>
        ) : null}
        {!isConfigured ? (
          <p className="mt-4 text-sm text-error" role="alert">
            {t('notify:telegram.notConfigured')}
          </p>
        ) : info.isEnabled ? (
          <div className="mt-5">
            <ConfirmButton
              texts="notify:telegram.disconnect"
              label={t('notify:telegram.disconnect')}
              variant="danger"
              loading={busy}
              form={{ action: '/integrations/tgBot', fields: { intent: 'disconnect' } }}
            />
          </div>
        ) : link ? (
          <div className="mt-5 space-y-3">
            <a
              href={link}
              target="_blank"
              rel="noreferrer"
              className="btn-primary inline-flex"
              data-testid="tg-deep-link"
            >
              {t('notify:telegram.openTelegram')}
            </a>
            <p className="text-sm text-muted">{t('notify:telegram.linkHint')}</p>
            <Form method="get">
              <Button type="submit" variant="secondary">
                {t('notify:telegram.refresh')}
              </Button>
            </Form>
          </div>
        ) : (
          <PostButton className="mt-5" fields={{ intent: 'link' }} loading={busy}>
            {t('notify:telegram.connect')}
          </PostButton>
        )}
      </div>
    </section>
  )
}
