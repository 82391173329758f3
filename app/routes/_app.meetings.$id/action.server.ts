import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { z } from 'zod'
import { AdjutantsSchema, OneTimeTimeSchema } from '#app/domain/meetings/rules.ts'
import { zonedToInstant } from '#app/domain/time/index.ts'
import { type HostCommand, type MeetingCommand, meetingCommand } from '#app/server/meetings/commands.server.ts'
import { findOwnedMeeting } from '#app/server/meetings/meetings.server.ts'
import { pageAction, parseInput } from '#app/server/forms/page-action.server.ts'
import { emailList, postedStart, visitorEmails } from '#app/server/meeting-form.server.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'
import { removeFromWaitlist } from '#app/server/waitlist/meeting.server.ts'

/** The one-time time fields as typed: parsed for the command, and given back to the page after a refusal. */
function typedOneTimeTime(form: FormData) {
  return {
    date: String(form.get('date') ?? ''),
    from: String(form.get('from') ?? ''),
    to: String(form.get('to') ?? ''),
  }
}

/** `/meetings/{id}`: the organizer's intents, each one command to the host's lock (ARCHITECTURE "one write path"). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { db, user, t, env } = await signedInPage(request, context)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const id = params.id ?? ''
  const field = (name: string) => String(form.get(name) ?? '')
  const command = <T>(input: HostCommand) => meetingCommand<T>(env, { ...input, ownerId: user.id } as MeetingCommand)
  return pageAction(
    intent,
    t,
    async () => {
      switch (intent) {
        case 'reschedule':
          return command({ kind: 'reschedule', meetingId: id, start: postedStart(form) })
        case 'rescheduleOneTime': {
          // A one-time meeting: any date and from/to, read in the organizer's zone (as the page shows times).
          // Named by the fields' own labels ("Новая дата: Некорректная дата"), as the page shows them.
          const input = parseInput(t, OneTimeTimeSchema, typedOneTimeTime(form), (path) =>
            t(`meetings:reschedule.${String(path[0] ?? 'date')}`),
          )
          return command({
            kind: 'reschedule',
            meetingId: id,
            start: zonedToInstant(user.timeZone, input.date, input.from),
            end: zonedToInstant(user.timeZone, input.date, input.to),
            ignoreOverlap: form.get('ignoreOverlap') === 'true',
          })
        }
        case 'held':
          return command({ kind: 'held', meetingId: id, isFailed: form.get('isFailed') === 'true' })
        case 'cancel':
          return command({ kind: 'cancel', meetingId: id, participantIds: null })
        case 'cancelParticipant':
          return command({ kind: 'cancel', meetingId: id, participantIds: [field('participantId')] })
        case 'adjutants': {
          const emails = parseInput(t, AdjutantsSchema, {
            adjutantEmails: emailList(form.get('adjutantEmails')),
          }).adjutantEmails
          return command({ kind: 'adjutants', meetingId: id, emails })
        }
        case 'visitors': {
          await findOwnedMeeting(db, user.id, id)
          return command({ kind: 'addVisitors', participantId: field('participantId'), emails: visitorEmails(t, form) })
        }
        case 'removeVisitor':
          return command({
            kind: 'removeVisitor',
            participantId: field('participantId'),
            visitorId: field('visitorId'),
          })
        case 'move': {
          const input = parseInput(
            t,
            z.object({ participantIds: z.array(z.string().min(1)).min(1), target: z.string().min(1) }),
            { participantIds: form.getAll('participantIds').map(String), target: field('target') },
          )
          await findOwnedMeeting(db, user.id, id)
          return command({ kind: 'move', participantIds: input.participantIds, targetMeetingId: input.target })
        }
        case 'removeWaitlistEntry':
          return removeFromWaitlist(env, user.id, field('entryId'))
        default:
          throw new Response(null, { status: 400 })
      }
    },
    // A one-time time the page shows again after a refusal: "Move anyway" resubmits what was typed, also without script.
    intent === 'rescheduleOneTime' ? typedOneTimeTime(form) : undefined,
  )
}
