/**
 * Counts what a piece of code asks of D1: statements prepared and round trips (a batch is one). Used in
 * development only, to report the public event page's reads in a `Server-Timing` header (`npm run bench -- --booking`).
 */
export type D1Counts = { statements: number; roundTrips: number }

const EXECUTE = new Set(['all', 'raw', 'first', 'run'])

export function countingD1(d1: D1Database): { db: D1Database; counts: D1Counts } {
  const counts: D1Counts = { statements: 0, roundTrips: 0 }
  const originals = new WeakMap<object, D1PreparedStatement>()
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target)
        if (typeof value !== 'function') return value
        if (prop === 'bind') return (...args: unknown[]) => wrap(value.apply(target, args))
        if (EXECUTE.has(String(prop))) {
          return (...args: unknown[]) => {
            counts.roundTrips++
            return value.apply(target, args)
          }
        }
        return value.bind(target)
      },
    })
    originals.set(proxy, statement)
    return proxy
  }
  const db = new Proxy(d1, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target)
      if (typeof value !== 'function') return value
      if (prop === 'prepare') {
        return (query: string) => {
          counts.statements++
          return wrap(value.call(target, query))
        }
      }
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          counts.roundTrips++
          return value.call(
            target,
            statements.map((s) => originals.get(s) ?? s),
          )
        }
      }
      return value.bind(target)
    },
  })
  return { db, counts }
}

export function serverTimingOf(counts: D1Counts): string {
  return `d1;desc="statements=${counts.statements} roundtrips=${counts.roundTrips}"`
}
