import { showToast } from './toast.ts'

/**
 * Every copy button of the app (SPEC §8 "copy-to-clipboard error"): copies the text, then says so; when the browser
 * refuses (no Clipboard API outside a secure context, permission denied, the page not focused) it shows the failure
 * text instead, asking to copy by hand. Never throws.
 */
export async function copyToClipboard(text: string, texts: { copied: string; failed: string }): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) throw new Error('No Clipboard API')
    await navigator.clipboard.writeText(text)
    showToast(texts.copied, { kind: 'success' })
    return true
  } catch {
    showToast(texts.failed, { kind: 'error' })
    return false
  }
}
