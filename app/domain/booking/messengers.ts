/** SPEC §3 messenger types; the booking form defaults to WhatsApp (SPEC §9). No zod here: the page script imports it. */
export const MESSENGERS = ['WhatsApp', 'Telegram', 'Viber'] as const
export type Messenger = (typeof MESSENGERS)[number]
export const DEFAULT_MESSENGER: Messenger = 'WhatsApp'
