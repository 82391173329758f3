/**
 * The one schema of the product (ARCHITECTURE.md "Data"): instants are UTC epoch milliseconds,
 * calendar dates `YYYY-MM-DD` text, time zones IANA names, ids opaque text (UUIDv7).
 * Every organizer-owned row carries `ownerId`; migrations in `migrations/` are generated from this file.
 *
 * The tables live in schema-<area>.ts files that import each other in one direction only (core ← accounts,
 * booking ← notify, oneTime); the enum value lists live in app/domain/enums.ts, which the tables import.
 */
export * from './schema-core.ts'
export * from './schema-accounts.ts'
export * from './schema-booking.ts'
export * from './schema-notify.ts'
export * from './schema-one-time.ts'
export * from './schema-host-events.ts'
export * from './schema-calendars.ts'
export * from './schema-billing.ts'
export * from './schema-api.ts'
export * from './schema-video.ts'
export * from './schema-waitlist.ts'
