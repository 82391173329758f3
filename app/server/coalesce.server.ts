/**
 * Concurrent identical reads share one (ADR 0110): while a read for `key` is in flight, another request asking the
 * same gets the same promise; once it settles it is forgotten, so nothing is cached past the requests that overlapped
 * it (each still gets an answer read during its own lifetime). A race of 100 bookings of one event type makes a
 * handful of D1 reads of that event type instead of 100.
 */
export function coalesced<Scope extends object, T>(
  read: (scope: Scope, key: string) => Promise<T>,
): (scope: Scope, key: string) => Promise<T> {
  const inFlight = new WeakMap<Scope, Map<string, Promise<T>>>()
  return (scope, key) => {
    let reads = inFlight.get(scope)
    if (!reads) {
      reads = new Map()
      inFlight.set(scope, reads)
    }
    const pending = reads.get(key)
    if (pending) return pending
    const started = read(scope, key).finally(() => reads.delete(key))
    reads.set(key, started)
    return started
  }
}
