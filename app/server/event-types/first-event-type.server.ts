import type { TFunction } from 'i18next'
import { quickEventTypeForm } from '#app/domain/event-types/form-values.ts'
import type { Db } from '../db.server.ts'
import { type Owner, ensureDefaultSchedule, listSchedules } from '../schedules/schedules.server.ts'
import { type SaveResult, saveEventTypeForm } from './page-actions.server.ts'

/**
 * The home guide's "first event type in one step" (issue 18): a name and a duration, created with the defaults on
 * the default schedule (made now if the account has none), through the same checks as the wizard (plan limit, name
 * and link unique, the schema), so a refusal reads the same.
 */
export async function createFirstEventType(db: Db, owner: Owner, form: FormData, t: TFunction): Promise<SaveResult> {
  await ensureDefaultSchedule(db, owner, t('schedules:defaultName'))
  const schedules = await listSchedules(db, owner.id)
  const schedule = schedules.find((item) => item.isDefault) ?? schedules[0]
  const name = form.get('name')
  const durationType = form.get('durationType')
  return saveEventTypeForm(
    db,
    owner,
    quickEventTypeForm(
      typeof name === 'string' ? name : '',
      typeof durationType === 'string' ? durationType : '',
      schedule.id,
    ),
    t,
  )
}
