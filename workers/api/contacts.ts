import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import {
  CONTACTS_PAGE_SIZE,
  ContactFilterSchema,
  ContactIdsSchema,
  ContactInvitationSchema,
  ContactMessageSchema,
  NewContactSchema,
} from '#app/domain/contacts/rules.ts'
import {
  addContact,
  canEmailContacts,
  contactEventTypes,
  inviteContacts,
  listContacts,
  messageContacts,
  setArchived,
} from '#app/server/contacts/contacts.server.ts'
import { requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ok, parseWith, readJson } from './envelope.ts'

export const ContactsPageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(CONTACTS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
})

export const ContactIdsBodySchema = z.object({ ids: ContactIdsSchema })

function filterOf(c: Context<ApiEnv>) {
  const query = c.req.query()
  return parseWith(c, ContactFilterSchema, { ...query, eventTypeIds: c.req.queries('eventTypeIds') ?? [] })
}

/** SPEC §7 Contacts: the owner's contacts, archive and reopen, messages and invitations (plan-gated). */
export const contactsApi = new Hono<ApiEnv>()
  .use('*', requireAuth)
  .get('/eventTypes', async (c) => ok(c, await contactEventTypes(c.get('db'), c.get('user').id)))
  .get('/message/isOkToSendEmailsToContacts', (c) => ok(c, { isOk: canEmailContacts(c.get('user')) }))
  .get('/', async (c) => {
    const page = parseWith(c, ContactsPageSchema, c.req.query())
    const result = await listContacts(c.get('db'), c.get('user'), filterOf(c), page, Date.now())
    return ok(c, { items: result.items, pagination: { totalCount: result.totalCount, currentOffset: page.offset } })
  })
  .post('/', async (c) => {
    const input = await readJson(c, NewContactSchema)
    return ok(c, await addContact(c.get('db'), c.get('user').id, input, Date.now()), 201)
  })
  .delete('/', async (c) => {
    const ids = parseWith(c, ContactIdsBodySchema, { ids: c.req.queries('ids') ?? [] }).ids
    return ok(c, await setArchived(c.get('db'), c.get('user').id, ids, true, Date.now()))
  })
  .put('/reopen', async (c) => {
    const { ids } = await readJson(c, ContactIdsBodySchema)
    return ok(c, await setArchived(c.get('db'), c.get('user').id, ids, false, Date.now()))
  })
  .post('/message', async (c) => {
    const input = await readJson(c, ContactMessageSchema)
    return ok(c, await messageContacts(c.get('db'), c.get('user'), input, Date.now(), c.get('t')))
  })
  .post('/invitation', async (c) => {
    const input = await readJson(c, ContactInvitationSchema)
    const appUrl = c.get('config').APP_URL
    return ok(c, await inviteContacts(c.get('db'), c.get('user'), input, appUrl, Date.now(), c.get('t')))
  })
