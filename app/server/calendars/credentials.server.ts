/**
 * A calendar integration's password or OAuth tokens, sealed at rest (AES-GCM, key from SESSION_SECRET with its own
 * purpose: crypto/sealed.server.ts). Only the sync and the write-back open them; no call ever answers them.
 */
import { SEALED_PURPOSES, seal, unseal } from '../crypto/sealed.server.ts'
import type { CalendarCredentials } from './provider.server.ts'
import type { Keyring } from '../crypto/keyring.server.ts'

const PURPOSE = SEALED_PURPOSES.calendarCredentials

export const sealCredentials = (keys: Keyring, credentials: CalendarCredentials) =>
  seal(keys, PURPOSE, JSON.stringify(credentials))

/** The credentials, or null when they no longer open (the secret was rotated): the integration must reconnect. */
export async function openCredentials(keys: Keyring, sealed: string): Promise<CalendarCredentials | null> {
  const plain = await unseal(keys, PURPOSE, sealed)
  if (plain === null) return null
  try {
    return JSON.parse(plain) as CalendarCredentials
  } catch {
    return null
  }
}
