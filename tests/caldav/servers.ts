/**
 * Vitest globalSetup (Node) for tests/caldav: starts two real CalDAV servers on free loopback ports, Radicale (Basic
 * auth from a plain htpasswd file) and Xandikos (no auth, `--defaults` makes /user/calendars/calendar/), hands their
 * URLs and credentials to the tests through `provide`, and stops them afterwards. Both are Debian packages
 * (.ci/run installs them); their data lives in a temporary directory removed at the end.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort, keepAliveProxy, start, startRadicale, stop, waitForHttp } from './processes.ts'

export type CalDavServer = {
  name: 'radicale' | 'xandikos'
  /** The server's base URL, what a specialist would type in. */
  url: string
  /** Where the tests create calendars (the user's calendar home). */
  home: string
  login: string
  password: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    caldavServers: CalDavServer[]
    /** Radicale's second account, whose calendars only the end-to-end sync test uses. */
    caldavRadicaleBob: CalDavServer
    /** A loopback URL nothing listens on. */
    caldavClosedUrl: string
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'fastslot-caldav-'))
  const children: ChildProcess[] = []
  const proxies: Server[] = []
  const teardown = async () => {
    for (const proxy of proxies) {
      proxy.closeAllConnections()
      proxy.close()
    }
    await Promise.all(children.map(stop))
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const radicale = await startRadicale(dir, { alice: 'alice-secret', bob: 'bob-secret' })
    const radicalePort = radicale.port
    children.push(radicale.child)

    const xandikosPort = await freePort()
    const xandikos = start('xandikos', [
      '--defaults',
      '-d',
      join(dir, 'xandikos'),
      '-l',
      '127.0.0.1',
      '-p',
      String(xandikosPort),
    ])
    children.push(xandikos.child)

    const xandikosUrl = `http://127.0.0.1:${xandikosPort}/`
    await Promise.all([
      waitForHttp(`http://127.0.0.1:${radicalePort}/`, radicale.child, radicale.output),
      waitForHttp(xandikosUrl, xandikos.child, xandikos.output),
    ])
    const proxy = await keepAliveProxy(radicalePort)
    proxies.push(proxy.server)
    const radicaleUrl = `http://127.0.0.1:${proxy.port}/`
    project.provide('caldavClosedUrl', `http://127.0.0.1:${await freePort()}/`)
    project.provide('caldavRadicaleBob', {
      name: 'radicale',
      url: radicaleUrl,
      home: `${radicaleUrl}bob/`,
      login: 'bob',
      password: 'bob-secret',
    })
    project.provide('caldavServers', [
      { name: 'radicale', url: radicaleUrl, home: `${radicaleUrl}alice/`, login: 'alice', password: 'alice-secret' },
      { name: 'xandikos', url: xandikosUrl, home: `${xandikosUrl}user/calendars/`, login: 'any', password: 'any' },
    ])
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
