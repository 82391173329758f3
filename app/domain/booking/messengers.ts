/** SPEC §3 messenger types; the booking form defaults to WhatsApp (SPEC §9). No zod here: the page script imports it. */
import { MESSENGER_TYPES } from '#app/domain/enums.ts'

export const MESSENGERS = MESSENGER_TYPES
export type Messenger = (typeof MESSENGERS)[number]
export const DEFAULT_MESSENGER: Messenger = 'WhatsApp'
