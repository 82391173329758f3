import { describe, expect, it } from 'vitest'
import { noticeForReader, renderNotice } from '#app/domain/notices.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { organizerNotice, reminderFailedNotice } from '#app/server/notify/texts.server.ts'

const start = Date.UTC(2031, 5, 2, 9, 0)
const meeting = {
  id: 'm1',
  name: 'Консультация',
  startAt: start,
  endAt: start + 45 * 60_000,
  placeType: 'Online' as const,
  meetingPoint: null,
}

describe('notices translated at display (issue 18)', () => {
  it('a notice written in Russian reads in English, in the reader’s zone', () => {
    const notice = organizerNotice(getT('ru'), 'moved', {
      meeting,
      clients: ['Вера', 'Иван', 'Олег', 'Анна', 'Пётр'],
      timeZone: 'Europe/Moscow',
      previousStartAt: start - 86_400_000,
      meetingUrl: 'https://app.example/meetings/m1',
    })
    expect(notice.text).toEqual({
      title: 'Встреча перенесена: «Консультация»',
      body: 'Вера, Иван, Олег и ещё 2: теперь пн, 02.06.2031, 12:00–12:45 (Москва) (было вс, 01.06.2031, 12:00–12:45 (Москва)).',
    })
    expect(notice.message).toContain('https://app.example/meetings/m1')
    // The stored form survives JSON (the row's column) and renders in the other language and zone.
    const stored = JSON.parse(JSON.stringify({ title: notice.title, body: notice.body }))
    expect(renderNotice(getT('en'), stored, { language: 'en', timeZone: 'Asia/Tokyo' })).toEqual({
      title: 'Meeting moved: “Консультация”',
      body: 'Вера, Иван, Олег and 2 more: now Mon, 02.06.2031, 18:00–18:45 (Tokyo) (was Sun, 01.06.2031, 18:00–18:45 (Tokyo)).',
    })
  })

  it('reminder problems are kept as codes and read in the reader’s language', () => {
    const notice = reminderFailedNotice(getT('ru'), {
      meeting,
      recipient: 'vera@example.com',
      timeZone: 'Europe/Moscow',
      problems: [{ code: 'rejected', channel: 'email', detail: '550 mailbox' }],
    })
    const english = renderNotice(getT('en'), notice, { language: 'en', timeZone: 'Europe/Moscow' })
    expect(english.body).toBe(
      'The reminder to vera@example.com about the meeting on Mon, 02.06.2031, 12:00–12:45 (Moscow) could not be sent: Email: the provider refused the message.',
    )
  })

  it('old rows and unreadable contents keep their stored text', () => {
    const reader = { language: 'en', timeZone: 'Europe/Moscow' }
    const t = getT('en')
    expect(noticeForReader(t, { title: 'Старое', body: 'Текст', content: null }, reader)).toEqual({
      title: 'Старое',
      body: 'Текст',
    })
    // A key outside the notices' namespaces is never rendered from a row.
    const foreign = { title: { key: 'accounts:secret' }, body: { key: 'notify:passwordChanged.body' } }
    expect(noticeForReader(t, { title: 'Старое', body: 'Текст', content: foreign }, reader).title).toBe('Старое')
    const password = {
      title: { key: 'notify:passwordChanged.title' },
      body: { key: 'notify:passwordChanged.body' },
    }
    expect(noticeForReader(t, { title: 'Пароль изменён', body: '', content: password }, reader).title).toBe(
      'Your password was changed',
    )
  })
})
