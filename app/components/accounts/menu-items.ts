/** The profile dropdown of SPEC §2, in its order; `/menu` shows the same list on phones. */
export const HELP_CENTER_URL = 'https://help.fastslot.ru'

export type MenuItem = { key: string; to: string; external?: boolean; largeOnly?: boolean }

export function profileMenuItems(login: string): MenuItem[] {
  return [
    { key: 'wallet', to: '/wallet' },
    { key: 'profile', to: '/profile' },
    { key: 'integrations', to: '/integrations' },
    { key: 'plans', to: '/tariff' },
    { key: 'myLink', to: '/shareLink' },
    { key: 'contacts', to: '/contacts', largeOnly: true },
    { key: 'help', to: HELP_CENTER_URL, external: true },
    { key: 'myPage', to: `/user/${encodeURIComponent(login)}`, external: true },
  ]
}

export const NAV_ITEMS = [
  { to: '/', key: 'main', end: true },
  { to: '/meetings', key: 'meetings', end: false },
  { to: '/eventTypes', key: 'eventTypes', end: false },
  { to: '/schedules', key: 'schedules', end: false },
  { to: '/contacts', key: 'contacts', end: false },
] as const
