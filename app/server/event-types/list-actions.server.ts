/** The actions of event-type cards and the edit page: duplicate, delete, activate/deactivate, show/hide. */
import { redirect } from '@remix-run/cloudflare'
import type { TFunction } from 'i18next'
import type { Db } from '../db.server.ts'
import { type PageErrors, rulePageErrors } from '../page-errors.server.ts'
import type { Owner } from '../schedules/schedules.server.ts'
import { copyEventType, deleteEventType, setActive, setShownOnSpecialistPage } from './event-types.server.ts'

export type ListActionResult = { toast: string | null; errors: PageErrors | null }

export async function runListAction(db: Db, owner: Owner, form: FormData, t: TFunction): Promise<ListActionResult> {
  const id = String(form.get('id') ?? '')
  const intent = String(form.get('intent'))
  try {
    switch (intent) {
      case 'copy':
        await copyEventType(db, owner, id)
        return { toast: t('eventTypes:actions.copied'), errors: null }
      case 'delete':
        await deleteEventType(db, owner.id, id)
        if (form.get('redirectTo') === 'list') throw redirect('/eventTypes')
        return { toast: t('eventTypes:actions.deleted'), errors: null }
      case 'activate':
      case 'deactivate':
        await setActive(db, owner, id, intent === 'activate')
        return { toast: t(`eventTypes:actions.${intent}d`), errors: null }
      case 'show':
      case 'hide':
        await setShownOnSpecialistPage(db, owner.id, id, intent === 'show')
        return { toast: t(`eventTypes:actions.${intent === 'show' ? 'shown' : 'hidden'}`), errors: null }
      default:
        throw new Response(null, { status: 400 })
    }
  } catch (error) {
    if (error instanceof Response) throw error
    return { toast: null, errors: rulePageErrors(error, t) }
  }
}
