import { describe, expect, it } from 'vitest'
import { YANDEX_LABEL, readableLabel } from '#app/domain/calendars/rules.ts'
import { renderNotice } from '#app/domain/notices.ts'
import { getT } from '#app/i18n/translate.server.ts'

describe('an integration’s readable label', () => {
  it('names a known provider in the reader’s language, whatever label was stored', () => {
    const yandex = { type: 'Yandex' as const, label: YANDEX_LABEL }
    expect(readableLabel(yandex, getT('en'))).toBe('Yandex Calendar')
    expect(readableLabel(yandex, getT('ru'))).toBe('Яндекс Календарь')
    expect(readableLabel({ type: 'Google', label: 'Google Calendar' }, getT('ru'))).toBe(
      getT('ru')('calendars:providers.google.name'),
    )
  })

  it('keeps a CalDAV server’s host as stored', () => {
    expect(readableLabel({ type: 'CalDav', label: 'dav.example.org' }, getT('en'))).toBe('dav.example.org')
  })
})

describe('a calendar notice', () => {
  it('names the integration in the language it is read in, not the one it was written in', () => {
    const content = {
      title: { key: 'calendars:notice.depressedTitle' },
      body: {
        key: 'calendars:notice.depressedBody',
        values: { label: { integration: { type: 'Yandex' as const, label: YANDEX_LABEL } } },
      },
    }
    const reader = { language: 'en', timeZone: 'Europe/Moscow' }
    expect(renderNotice(getT('en'), content, reader).body).toContain('Yandex Calendar')
    expect(renderNotice(getT('en'), content, reader).body).not.toContain(YANDEX_LABEL)
  })
})
