/**
 * The Worker secret that seals secrets at rest and signs tokens and links, with the secret it replaced
 * (docs/decisions/0125-rotating-the-session-secret.md). New values are sealed and signed with `current` only;
 * values made under `previous` still open and verify while it is configured, and the hourly re-seal moves every
 * sealed row to `current` (crypto/reseal.server.ts), so the old secret can then be dropped.
 */
export type Keyring = { readonly current: string; readonly previous: readonly string[] }

/** The secrets to try, the current one first. */
export const keysOf = (keys: Keyring): readonly string[] => [keys.current, ...keys.previous]

/** A keyring of one secret: tests and callers that only ever sealed with one. */
export const singleKey = (secret: string): Keyring => ({ current: secret, previous: [] })
