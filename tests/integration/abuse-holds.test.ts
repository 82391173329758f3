/**
 * Calendar hoarding (issue 19, ADR 0094): ghost holds are bounded per client and per address of a host, whatever
 * client ids one address makes up, and a client id counts only from its own address. The page and the widget still
 * hold and book as before.
 */
import { describe, expect, it } from 'vitest'
import { MAX_HOLDS_PER_ADDRESS, MAX_HOLDS_PER_CLIENT } from '#app/domain/commands/booking.ts'
import { api, createBookableHost } from './helpers/booking.ts'

type Slot = { start: string }

/** Every free slot of this and the next month, as another address sees them. */
async function freeSlots(login: string, ip: string): Promise<string[]> {
  const starts: string[] = []
  const now = new Date()
  for (let k = 0; k < 2; k++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1))
    const y = month.getUTCFullYear()
    const m = month.getUTCMonth() + 1
    const days = (await (
      await api(`/public/${login}/eventTypes/consult/days/${y}/${m}`, { headers: { timezone: 'Etc/UTC' }, ip })
    ).json()) as { data: string[] }
    for (const day of days.data) {
      const d = Number(day.split('.')[0])
      const slots = (await (
        await api(`/public/${login}/eventTypes/consult/slots/${y}/${m}/${d}`, { headers: { timezone: 'Etc/UTC' }, ip })
      ).json()) as { data: Slot[] }
      starts.push(...slots.data.map((s) => s.start))
    }
  }
  return starts
}

const hold = (login: string, clientId: string, starts: string[], ip: string) =>
  api(`/ghostBooking/${login}/eventTypes/consult`, {
    method: 'POST',
    ip,
    body: JSON.stringify({ clientId, slots: starts.map((start) => ({ start })) }),
  })

describe('ghost holds', () => {
  it('one address cannot take more than a small share of a host’s free slots, whatever client ids it uses', async () => {
    const { host } = await createBookableHost()
    const before = await freeSlots(host.login, '10.1.0.1')
    expect(before.length).toBeGreaterThan(300)
    const attacker = '10.66.0.1'
    let held = 0
    for (let i = 0; i < 8; i++) {
      const starts = before.slice(i * 10, i * 10 + 10)
      const response = await hold(host.login, `made-up-${i}`, starts, attacker)
      if (response.status === 201) held += ((await response.json()) as { data: unknown[] }).data.length
      else expect(response.status).toBe(429)
    }
    expect(held).toBe(MAX_HOLDS_PER_ADDRESS)
    const after = await freeSlots(host.login, '10.1.0.2')
    expect(before.length - after.length).toBe(MAX_HOLDS_PER_ADDRESS)
    expect((before.length - after.length) / before.length).toBeLessThan(0.05)

    // Another address still holds what it needs.
    expect((await hold(host.login, 'someone', [after[0]], '10.1.0.3')).status).toBe(201)
  })

  it('one client holds at most a few slots of a host, and its id means nothing from another address', async () => {
    const { host } = await createBookableHost()
    const starts = await freeSlots(host.login, '10.2.0.1')
    const first = await hold(host.login, 'client-a', starts.slice(0, MAX_HOLDS_PER_CLIENT), '10.2.0.2')
    expect(first.status).toBe(201)
    expect((await hold(host.login, 'client-a', [starts[MAX_HOLDS_PER_CLIENT]], '10.2.0.2')).status).toBe(429)
    // The same id from elsewhere is another client: it cannot renew (or take over) client-a's holds.
    const elsewhere = await hold(host.login, 'client-a', [starts[0]], '10.2.0.3')
    expect(elsewhere.status).toBe(409)
    // Renewing its own holds stays allowed at the bound.
    expect((await hold(host.login, 'client-a', [starts[0]], '10.2.0.2')).status).toBe(201)
  })
})
