import { createCookie } from '@remix-run/cloudflare'

/**
 * A visitor's choice kept for a year (the interface language, the first-run guide's done steps): read by the server
 * only, sent over HTTPS, and along with links from other sites (SameSite=Lax), so the first page after one shows it.
 */
export const preferenceCookie = (name: string) =>
  createCookie(name, { path: '/', sameSite: 'lax', httpOnly: true, secure: true, maxAge: 60 * 60 * 24 * 365 })
