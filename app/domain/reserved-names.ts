/**
 * Logins and event-type links that would collide with the app's own routes (SPEC §2) or with
 * infrastructure paths. A login `login` would make `/login/<link>` ambiguous with the sign-in page, so
 * these are refused for logins (accounts) and links (event types) alike, case-insensitively.
 * tests/unit/platform/reserved-names.test.ts derives every first path segment from app/routes, the Worker's own
 * prefixes and public/, and fails while one of them is missing here.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(
  [
    'advertising',
    'api',
    'apple',
    'assets',
    'avatars',
    'booking',
    'build',
    'confirmGoogleOauth',
    'confirmMicrosoftOauth',
    'confirmYandexOauth',
    'confirmAppleOauth',
    'contacts',
    'dev',
    'email-confirm',
    'eventTypes',
    'favicon.ico',
    'favicon.svg',
    'GoogleOAuth',
    'header-user',
    'help',
    'home-guide',
    'ics',
    'integrations',
    'language',
    'locales',
    'login',
    'logout',
    'meetings',
    'menu',
    'notification-center',
    'oAuthRedirectPage',
    'old-meetings',
    'OutlookOAuth',
    'profile',
    'public',
    'push-sw.js',
    'push-token',
    'restore',
    'robots.txt',
    'schedules',
    'shareLink',
    'signup',
    'signupDone',
    'specialistPagePreview',
    'static',
    'tariff',
    'telegram',
    'telemost',
    'TelemostOAuth',
    'user',
    'vendor',
    'waitlist',
    'wallet',
    'webhooks',
    'widget',
  ].map((name) => name.toLowerCase()),
)

export function isReservedName(name: string): boolean {
  return RESERVED_NAMES.has(name.trim().toLowerCase())
}
