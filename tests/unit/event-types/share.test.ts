import { describe, expect, it } from 'vitest'
import { mailtoLink, readableMailto } from '#app/domain/event-types/share.ts'

describe('readableMailto', () => {
  it('shows a mail-to decoded, as a person reads it', () => {
    const link = mailtoLink('Запись ко мне', 'https://fastslot.ru/user/anna?userId=1&x=2')
    expect(link).toContain('%D0%97')
    expect(readableMailto(link)).toBe('mailto:?subject=Запись ко мне&body=https://fastslot.ru/user/anna?userId=1&x=2')
  })

  it('keeps a text that is not valid percent-encoding as it is', () => {
    expect(readableMailto('mailto:?subject=100%')).toBe('mailto:?subject=100%')
  })
})
