import { eq } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteSelectQueryBuilder } from 'drizzle-orm/sqlite-core'
import { calendarIntegrations, integrationCalendars } from '#db/schema.ts'

/**
 * Joins a select of rows that name a calendar (busy times, push channels) to that calendar (`integration_calendars`)
 * and the calendar's integration (`calendar_integrations`), for conditions on either (busyCounts, an active
 * integration).
 */
export function withCalendarOf<T extends SQLiteSelectQueryBuilder>(query: T, calendarId: SQLiteColumn) {
  return query
    .innerJoin(integrationCalendars, eq(integrationCalendars.id, calendarId))
    .innerJoin(calendarIntegrations, eq(calendarIntegrations.id, integrationCalendars.integrationId))
}
