/**
 * A real Radicale for the browser tests of calendars (tests/e2e/calendars.spec.ts): started and stopped by the spec,
 * reachable by the app at http://127.0.0.1:<E2E_PORT + 200>/, where tests/e2e/server.ts points YANDEX_CALDAV_URL.
 * The pass-through on that port stays up while Radicale itself is stopped, so "the server is down" is what the app
 * sees (an error answer), as with a real provider's outage.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { keepAliveProxy, startRadicale, stop, waitForHttp } from '../caldav/processes.ts'
import { e2ePort } from './state.ts'

export const RADICALE_PORT = e2ePort + 200
export const radicaleUrl = `http://127.0.0.1:${RADICALE_PORT}/`

export type LocalRadicale = { url: string; stopServer: () => Promise<void>; close: () => Promise<void> }

export async function localRadicale(users: Record<string, string>): Promise<LocalRadicale> {
  const dir = mkdtempSync(join(tmpdir(), 'fastslot-e2e-radicale-'))
  const radicale = await startRadicale(dir, users)
  let child: ChildProcess | null = radicale.child
  await waitForHttp(`http://127.0.0.1:${radicale.port}/`, radicale.child, radicale.output)
  const proxy: { server: Server } = await keepAliveProxy(radicale.port, RADICALE_PORT)
  const stopServer = async () => {
    if (child) await stop(child)
    child = null
  }
  return {
    url: radicaleUrl,
    stopServer,
    close: async () => {
      await stopServer()
      proxy.server.closeAllConnections()
      proxy.server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
