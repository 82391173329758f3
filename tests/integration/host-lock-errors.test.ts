import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { type HostCommand, runCommand } from '#app/server/booking/host-lock-client.server.ts'
import { createBookableHost, firstFreeSlot } from './helpers/booking.ts'

describe('the host lock after a command that throws', () => {
  it('answers the error to that caller and keeps serving the next commands with their holds', async () => {
    const { host, eventType } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const stub = env.HOST_LOCK.get(env.HOST_LOCK.idFromName(host.id))
    const now = Date.now()
    const hold = (clientId: string, index: number) => ({
      kind: 'hold' as const,
      ownerId: host.id,
      eventTypeId: eventType.id,
      clientId,
      address: 'test-address',
      slots: [{ start: Date.parse(slots[index].start), end: Date.parse(slots[index].end) }],
    })
    expect(await stub.run(hold('a', 0), now)).toMatchObject({ ok: true })

    // A command the object cannot run (a malformed hold) throws inside the locked section.
    const broken = { ...hold('c', 2), slots: null } as unknown as HostCommand
    await expect(runCommand(env, broken)).rejects.toThrow(/HostLock hold failed: TypeError/)

    // The same object goes on: the earlier hold still takes its slot, and a new hold is taken.
    expect(await stub.run(hold('b', 0), now + 1)).toEqual({ ok: false, refusal: { code: 'slotTaken' } })
    expect(await stub.run(hold('b', 1), now + 2)).toMatchObject({ ok: true })
  })
})
