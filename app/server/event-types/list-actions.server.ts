/** The actions of event-type cards and the edit page: duplicate, delete, activate/deactivate, show/hide. */
import { redirect } from '@remix-run/cloudflare'
import type { TFunction } from 'i18next'
import type { Db } from '../db.server.ts'
import { refusalStatus } from '#app/domain/refusal.ts'
import { type PageErrors, pageErrors, refusalOf } from '../refusal.server.ts'
import type { Owner } from '../schedules/schedules.server.ts'
import { copyEventType, deleteEventType, setActive, setShownOnSpecialistPage } from './event-types.server.ts'

/** `status`: the table's for a refusal, as the API answers it. */
export type ListActionResult = { toast: string | null; errors: PageErrors | null; status: number }

export async function runListAction(db: Db, owner: Owner, form: FormData, t: TFunction): Promise<ListActionResult> {
  const id = String(form.get('id') ?? '')
  const intent = String(form.get('intent'))
  try {
    switch (intent) {
      case 'copy':
        await copyEventType(db, owner, id)
        return { toast: t('eventTypes:actions.copied'), errors: null, status: 200 }
      case 'delete':
        await deleteEventType(db, owner.id, id)
        if (form.get('redirectTo') === 'list') throw redirect('/eventTypes')
        return { toast: t('eventTypes:actions.deleted'), errors: null, status: 200 }
      case 'activate':
      case 'deactivate':
        await setActive(db, owner, id, intent === 'activate')
        return { toast: t(`eventTypes:actions.${intent}d`), errors: null, status: 200 }
      case 'show':
      case 'hide':
        await setShownOnSpecialistPage(db, owner.id, id, intent === 'show')
        return { toast: t(`eventTypes:actions.${intent === 'show' ? 'shown' : 'hidden'}`), errors: null, status: 200 }
      default:
        throw new Response(null, { status: 400 })
    }
  } catch (error) {
    const refusal = refusalOf(error)
    return { toast: null, errors: pageErrors(refusal, t), status: refusalStatus(refusal) }
  }
}
