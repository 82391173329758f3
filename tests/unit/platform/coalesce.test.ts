import { describe, expect, it } from 'vitest'
import { coalesced } from '#app/server/coalesce.server.ts'

/** A read whose answers the test releases by hand, counting how often it ran. */
function manualRead() {
  const calls: { key: string; resolve: (value: string) => void; reject: (error: Error) => void }[] = []
  const read = (_scope: object, key: string) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ key, resolve, reject })
    })
  return { calls, read }
}

describe('coalesced reads', () => {
  it('shares one read among the requests in flight together, per scope and key', async () => {
    const { calls, read } = manualRead()
    const shared = coalesced(read)
    const scope = {}
    const first = shared(scope, 'a')
    const second = shared(scope, 'a')
    const other = shared(scope, 'b')
    const elsewhere = shared({}, 'a')
    expect(calls.map((call) => call.key)).toEqual(['a', 'b', 'a'])
    calls[0].resolve('A')
    calls[1].resolve('B')
    calls[2].resolve('A2')
    expect(await Promise.all([first, second, other, elsewhere])).toEqual(['A', 'A', 'B', 'A2'])
  })

  it('forgets a settled read: a later request reads again, and a failure is not kept', async () => {
    const { calls, read } = manualRead()
    const shared = coalesced(read)
    const scope = {}
    const failing = shared(scope, 'a')
    calls[0].reject(new Error('down'))
    await expect(failing).rejects.toThrow('down')
    const again = shared(scope, 'a')
    expect(calls).toHaveLength(2)
    calls[1].resolve('fresh')
    expect(await again).toBe('fresh')
    const later = shared(scope, 'a')
    expect(calls).toHaveLength(3)
    calls[2].resolve('newer')
    expect(await later).toBe('newer')
  })
})
