/**
 * A test fails on a `console.error` it did not declare (issue 13): an error the app logs is either a bug or an
 * expectation the test states. A test that expects one declares it with a spy it asserts on, for example
 * `const error = vi.spyOn(console, 'error').mockImplementation(() => {})` and then
 * `expect(error).toHaveBeenCalledWith(...)`: the spy stands in front of this guard for that test.
 *
 * Loaded by both projects (vitest.config.ts `setupFiles`). Inside workerd the Worker runs in the same isolate as
 * the tests, so what the app logs while a test calls it (`SELF.fetch`) is seen here too.
 */
import { afterAll, afterEach, beforeEach } from 'vitest'

type Guard = { original: typeof console.error; logged: unknown[][] }

// Installed once per isolate, whatever loads this file again.
const KEY = Symbol.for('fastslot.tests.consoleErrorGuard')
const store = globalThis as { [KEY]?: Guard }
store[KEY] ??= { original: console.error, logged: [] }
const guard = store[KEY]

function guarded(...args: unknown[]) {
  guard.logged.push(args)
  guard.original.apply(console, args)
}

function describeCalls(calls: unknown[][]): string {
  return calls
    .map((args) =>
      args
        .map((arg) =>
          arg instanceof Error ? `${arg.name}: ${arg.message}` : typeof arg === 'string' ? arg : safeJson(arg),
        )
        .join(' '),
    )
    .join('\n  ')
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

function failOnLogged(when: string) {
  const calls = guard.logged.splice(0)
  if (calls.length > 0) {
    throw new Error(
      `Unexpected console.error ${when} (declare it with vi.spyOn(console, 'error') and assert on it, or fix it):\n  ${describeCalls(calls)}`,
    )
  }
}

// Errors logged while the file loads or in beforeAll are reported with the first test's; after the last, in afterAll.
console.error = guarded

beforeEach(() => {
  // A spy a test left in place must not hide the next test's errors.
  console.error = guarded
})

afterEach(() => {
  failOnLogged('during this test')
})

afterAll(() => {
  console.error = guarded
  failOnLogged('after the last test of this file')
})
