/**
 * The HTML part of the product's emails about meetings (bookings, moves, cancels, reminders), the same simple
 * layout as the sign-up email (accounts/emails.server.ts): paragraphs, bullet lists and link buttons. Every email
 * also has its plain-text part, written by its builder.
 */
export type EmailBlock =
  | { p: string }
  | { strong: string }
  | { list: string[] }
  | { button: { label: string; url: string } }

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function block(item: EmailBlock): string {
  if ('p' in item) return `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(item.p)}</p>`
  if ('strong' in item) return `<p style="margin:0 0 8px;font-weight:600">${escapeHtml(item.strong)}</p>`
  if ('list' in item)
    return `<ul style="margin:0 0 16px;padding-left:20px">${item.list.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
  return `<p style="margin:0 0 16px"><a href="${escapeHtml(item.button.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#3b5bdb;color:#fff;text-decoration:none">${escapeHtml(item.button.label)}</a></p>`
}

export function emailHtml(blocks: EmailBlock[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#1c2130;line-height:1.5">${blocks.map(block).join('')}</body></html>`
}
