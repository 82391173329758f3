import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, SelectField } from '#app/components/ui/field.tsx'
import { copyToClipboard } from '#app/components/ui/clipboard.ts'
import {
  WIDGET_DEFAULTS,
  type WidgetSize,
  isFrameDimension,
  readableMailto,
  widgetCode,
} from '#app/domain/event-types/share.ts'
import { PlanBadge } from './form-parts.tsx'
import { cheapestPlanWith } from '#app/domain/plans.ts'

type Props = {
  appUrl: string
  login: string
  link: string
  publicUrl: string
  mailto: string
  isWidgetAllowed: boolean
  onLocked: () => void
}

/** SPEC §2 share panel: public link, mail-to, QR as SVG or PNG, the site widget code, copy buttons. */
export function SharePanel({ appUrl, login, link, publicUrl, mailto, isWidgetAllowed, onLocked }: Props) {
  const { t } = useTranslation()
  const [qr, setQr] = useState<{ svg: string; png: string } | null>(null)
  const [size, setSize] = useState<WidgetSize>('large')
  const [width, setWidth] = useState(WIDGET_DEFAULTS.large.width)
  const [height, setHeight] = useState(WIDGET_DEFAULTS.large.height)

  useEffect(() => {
    let cancelled = false
    // The QR library loads only here, in the browser.
    import('qrcode').then(async (QRCode) => {
      const svg = await QRCode.toString(publicUrl, { type: 'svg', margin: 2 })
      const png = await QRCode.toDataURL(publicUrl, { width: 512, margin: 2 })
      if (!cancelled) setQr({ svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, png })
    })
    return () => {
      cancelled = true
    }
  }, [publicUrl])

  const code = widgetCode(appUrl, login, link, size, { width, height })
  const copyButton = (text: string, label: string, success: string, testId: string) => (
    <button
      type="button"
      className="btn-secondary shrink-0"
      data-testid={testId}
      onClick={() => copyToClipboard(text, { copied: success, failed: t('toast.clipboardFailed') })}
    >
      {label}
    </button>
  )

  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="share-panel">
      <section className="card flex flex-col gap-4 p-5">
        <h2 className="text-lg font-semibold">{t('eventTypes:share.linkTitle')}</h2>
        <div className="flex items-end gap-2">
          <Field
            className="flex-1"
            label={t('eventTypes:share.publicLink')}
            value={publicUrl}
            readOnly
            data-testid="public-link"
          />
          {copyButton(publicUrl, t('eventTypes:share.copy'), t('eventTypes:share.linkCopied'), 'copy-link')}
        </div>
        <div className="flex items-end gap-2">
          <Field
            className="flex-1"
            label={t('eventTypes:share.mailto')}
            value={readableMailto(mailto)}
            readOnly
            data-testid="mailto-text"
          />
          <a href={mailto} className="btn-secondary shrink-0" data-testid="mailto">
            {t('eventTypes:share.send')}
          </a>
        </div>
      </section>

      <section className="card flex flex-col items-start gap-4 p-5">
        <h2 className="text-lg font-semibold">{t('eventTypes:share.qrTitle')}</h2>
        {qr ? (
          <>
            <img src={qr.svg} alt={t('eventTypes:share.qrAlt')} className="size-48" data-testid="qr" />
            <div className="flex flex-wrap gap-2">
              <a href={qr.svg} download={`qr-${link}.svg`} className="btn-secondary" data-testid="qr-svg">
                {t('eventTypes:share.downloadSvg')}
              </a>
              <a href={qr.png} download={`qr-${link}.png`} className="btn-secondary" data-testid="qr-png">
                {t('eventTypes:share.downloadPng')}
              </a>
            </div>
          </>
        ) : (
          <p className="text-sm text-muted">{t('ui.loading')}</p>
        )}
      </section>

      <section className="card flex flex-col gap-4 p-5 lg:col-span-2" data-testid="widget">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          {t('eventTypes:share.widgetTitle')}
          {isWidgetAllowed ? null : <PlanBadge plan={cheapestPlanWith('widgets')} onClick={onLocked} />}
        </h2>
        {isWidgetAllowed ? (
          <>
            <div className="grid gap-3 sm:grid-cols-3">
              <SelectField
                label={t('eventTypes:share.widgetSize')}
                value={size}
                onChange={(event) => {
                  const next = event.target.value as WidgetSize
                  setSize(next)
                  setWidth(WIDGET_DEFAULTS[next].width)
                  setHeight(WIDGET_DEFAULTS[next].height)
                }}
                options={[
                  { value: 'large', label: t('eventTypes:share.standard') },
                  { value: 'small', label: t('eventTypes:share.compact') },
                ]}
              />
              <Field
                label={t('eventTypes:share.width')}
                value={width}
                onChange={(event) => setWidth(event.target.value)}
                errors={[isFrameDimension(width) ? undefined : t('eventTypes:share.dimensionError')]}
              />
              <Field
                label={t('eventTypes:share.height')}
                value={height}
                onChange={(event) => setHeight(event.target.value)}
                errors={[isFrameDimension(height) ? undefined : t('eventTypes:share.dimensionError')]}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="widget-code" className="text-sm font-medium">
                {t('eventTypes:share.code')}
              </label>
              <textarea
                id="widget-code"
                readOnly
                value={code}
                rows={3}
                className="w-full rounded-lg border border-line bg-surface p-3 font-mono text-xs"
                data-testid="widget-code"
              />
            </div>
            <div>{copyButton(code, t('eventTypes:share.copyCode'), t('eventTypes:share.codeCopied'), 'copy-code')}</div>
          </>
        ) : (
          <button type="button" className="btn-secondary self-start" onClick={onLocked}>
            {t('eventTypes:share.widgetLocked')}
          </button>
        )}
      </section>
    </div>
  )
}
