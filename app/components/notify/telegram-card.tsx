import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/**
 * The Telegram bot card of `/integrations` (SPEC §2: "A chat-bot card shows enabled when a chat id is set"). Its
 * loader data: `telegramUserInfo(db, userId)` from app/server/notify/telegram-binding.server.ts.
 */
export function TelegramCard({ isEnabled }: { isEnabled: boolean }) {
  const { t } = useTranslation()
  return (
    <article className="card flex flex-col gap-3 p-4" aria-labelledby="telegram-card-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="telegram-card-title" className="font-semibold">
          {t('notify:telegram.title')}
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${isEnabled ? 'bg-primary-soft text-primary' : 'bg-surface text-muted'}`}
          data-testid="telegram-card-status"
        >
          {isEnabled ? t('notify:telegram.enabled') : t('notify:telegram.disabled')}
        </span>
      </div>
      <p className="text-sm text-muted">{t('notify:telegram.lead')}</p>
      <Link to="/integrations/tgBot" className="btn-secondary self-start">
        {isEnabled ? t('notify:telegram.manage') : t('notify:telegram.connect')}
      </Link>
    </article>
  )
}
