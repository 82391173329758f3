import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyToClipboard } from '#app/components/ui/clipboard.ts'
import { dismissToast, getToasts } from '#app/components/ui/toast.ts'

const texts = { copied: 'Copied', failed: 'Could not copy' }

afterEach(() => {
  for (const item of getToasts()) dismissToast(item.id)
  vi.unstubAllGlobals()
})

const shown = () => getToasts().map((toast) => [toast.kind, toast.text])

describe('copy buttons (SPEC §8 copy-to-clipboard error)', () => {
  it('copy the text and say so', async () => {
    const writeText = vi.fn(async (_text: string) => {})
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    expect(await copyToClipboard('https://x.example/a', texts)).toBe(true)
    expect(writeText).toHaveBeenCalledWith('https://x.example/a')
    expect(shown()).toEqual([['success', 'Copied']])
  })

  it('show the failure text when the browser refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => Promise.reject(new Error('NotAllowedError')) } })
    expect(await copyToClipboard('x', texts)).toBe(false)
    expect(shown()).toEqual([['error', 'Could not copy']])
  })

  it('show the failure text where there is no Clipboard API (an insecure page)', async () => {
    vi.stubGlobal('navigator', {})
    expect(await copyToClipboard('x', texts)).toBe(false)
    expect(shown()).toEqual([['error', 'Could not copy']])
  })
})
