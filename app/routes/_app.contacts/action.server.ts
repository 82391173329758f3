import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { z } from 'zod'
import {
  ContactIdsSchema,
  ContactInvitationSchema,
  ContactMessageSchema,
  NewContactSchema,
} from '#app/domain/contacts/rules.ts'
import { addContact, inviteContacts, messageContacts, setArchived } from '#app/server/contacts/contacts.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { pageAction, parseInput } from '#app/server/forms/page-action.server.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

/** `/contacts`: archive or reopen the ticked contacts, add one, write to them or invite them to book. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user, t, env } = await signedInPage(request, context)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const ids = form.getAll('contactIds').map(String)
  const now = Date.now()
  return pageAction(intent, t, async () => {
    switch (intent) {
      case 'archive':
      case 'reopen': {
        const contactIds = parseInput(t, z.object({ contactIds: ContactIdsSchema }), { contactIds: ids }).contactIds
        return setArchived(db, user.id, contactIds, intent === 'archive', now)
      }
      case 'add':
        return addContact(db, user.id, parseInput(t, NewContactSchema, Object.fromEntries(form)), now)
      case 'message':
        return messageContacts(
          db,
          user,
          parseInput(t, ContactMessageSchema, { contactIds: ids, message: form.get('message') }),
          now,
          t,
        )
      case 'invite':
        return inviteContacts(
          db,
          user,
          parseInput(t, ContactInvitationSchema, { contactIds: ids, eventTypeId: form.get('eventTypeId') || null }),
          parseEnv(env).APP_URL,
          now,
          t,
        )
      default:
        throw new Response(null, { status: 400 })
    }
  })
}
