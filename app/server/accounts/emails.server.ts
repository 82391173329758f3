import type { TFunction } from 'i18next'
import { escapeHtml } from '#app/server/notify/email-html.server.ts'

/** One email: subject, plain text and HTML, in the recipient's language. */
export type EmailContent = { subject: string; text: string; html: string }

type Block = { p: string } | { code: string } | { button: { label: string; url: string } }

function layout(blocks: Block[]): string {
  const body = blocks
    .map((block) => {
      if ('p' in block) return `<p style="margin:0 0 16px">${escapeHtml(block.p)}</p>`
      if ('code' in block)
        return `<p style="margin:0 0 16px;font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(block.code)}</p>`
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.button.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#3b5bdb;color:#fff;text-decoration:none">${escapeHtml(block.button.label)}</a></p>`
    })
    .join('')
  return `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#1c2130;line-height:1.5">${body}</body></html>`
}

/** The sign-up email: the 6-digit code and the confirmation link (SPEC §2). */
export function signupEmail(
  t: TFunction,
  input: { firstName: string; code: string; link: string; codeMinutes: number },
): EmailContent {
  const hello = t('accounts:mail.hello', { name: input.firstName })
  const codeLine = t('accounts:mail.signupCode', { minutes: input.codeMinutes })
  const linkLine = t('accounts:mail.signupLink')
  const ignore = t('accounts:mail.ignore')
  return {
    subject: t('accounts:mail.signupSubject', { code: input.code }),
    text: [hello, `${codeLine} ${input.code}`, `${linkLine} ${input.link}`, ignore].join('\n\n'),
    html: layout([
      { p: hello },
      { p: codeLine },
      { code: input.code },
      { p: linkLine },
      { button: { label: t('accounts:mail.confirmButton'), url: input.link } },
      { p: ignore },
    ]),
  }
}

/**
 * To an account's owner when someone signs up with its email (issue 19): the sign-up answered as usual, so the
 * email is the only trace; it points to sign-in and to password recovery.
 */
export function signupAttemptEmail(
  t: TFunction,
  input: { firstName: string; loginLink: string; restoreLink: string },
): EmailContent {
  const hello = t('accounts:mail.hello', { name: input.firstName })
  const line = t('accounts:mail.signupAttemptLine')
  const restore = t('accounts:mail.signupAttemptRestore')
  const ignore = t('accounts:mail.signupAttemptIgnore')
  return {
    subject: t('accounts:mail.signupAttemptSubject'),
    text: [
      hello,
      line,
      `${t('accounts:mail.signupAttemptLogin')} ${input.loginLink}`,
      `${restore} ${input.restoreLink}`,
      ignore,
    ].join('\n\n'),
    html: layout([
      { p: hello },
      { p: line },
      { button: { label: t('accounts:mail.signupAttemptLogin'), url: input.loginLink } },
      { p: restore },
      { button: { label: t('accounts:mail.restoreButton'), url: input.restoreLink } },
      { p: ignore },
    ]),
  }
}

/** The password-reset email (SPEC §2 "forgot password and restore"). */
export function restoreEmail(t: TFunction, input: { firstName: string; link: string; minutes: number }): EmailContent {
  const hello = t('accounts:mail.hello', { name: input.firstName })
  const line = t('accounts:mail.restoreLine', { minutes: input.minutes })
  const ignore = t('accounts:mail.ignore')
  return {
    subject: t('accounts:mail.restoreSubject'),
    text: [hello, `${line} ${input.link}`, ignore].join('\n\n'),
    html: layout([
      { p: hello },
      { p: line },
      { button: { label: t('accounts:mail.restoreButton'), url: input.link } },
      { p: ignore },
    ]),
  }
}
