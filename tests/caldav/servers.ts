/**
 * Vitest globalSetup (Node) for tests/caldav: starts two real CalDAV servers on free loopback ports, Radicale (Basic
 * auth from a plain htpasswd file) and Xandikos (no auth, `--defaults` makes /user/calendars/calendar/), hands their
 * URLs and credentials to the tests through `provide`, and stops them afterwards. Both are Debian packages
 * (.ci/run installs them); their data lives in a temporary directory removed at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, createServer as createHttpServer, type Server } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** Resolves once the server answers HTTP at all (any status), or fails with its output after 20 s. */
async function waitForHttp(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: exited with ${child.exitCode}\n${output()}`)
    try {
      await fetch(url, { method: 'OPTIONS', signal: AbortSignal.timeout(1000) })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  throw new Error(`${url}: no answer within 20 s\n${output()}`)
}

function start(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return { child, output: () => output }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/**
 * Radicale's own server speaks HTTP/1.0 and closes every connection after its answer; workerd's fetch sometimes
 * reuses such a connection before it sees it closed ("Network connection lost"). This pass-through speaks HTTP/1.1
 * with long-lived connections towards the tests and opens a fresh connection to Radicale for every request; it
 * changes nothing in what Radicale answers.
 */
async function keepAliveProxy(target: number): Promise<{ port: number; server: Server }> {
  const server = createHttpServer((incoming, outgoing) => {
    const forward = httpRequest(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent: false,
      },
      (answer) => {
        const headers = { ...answer.headers }
        delete headers.connection
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers)
        answer.pipe(outgoing)
      },
    )
    forward.on('error', (error) => {
      outgoing.writeHead(502, { 'Content-Type': 'text/plain' })
      outgoing.end(`proxy: ${error.message}`)
    })
    incoming.pipe(forward)
  })
  server.keepAliveTimeout = 10 * 60_000
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { port, server }
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
    const radicalePort = await freePort()
    writeFileSync(join(dir, 'users'), 'alice:alice-secret\nbob:bob-secret\n')
    writeFileSync(
      join(dir, 'radicale.conf'),
      [
        '[server]',
        `hosts = 127.0.0.1:${radicalePort}`,
        '[auth]',
        'type = htpasswd',
        `htpasswd_filename = ${join(dir, 'users')}`,
        'htpasswd_encryption = plain',
        // Radicale delays every refused login by up to this many seconds; the wrong-password test needs none.
        'delay = 0',
        '[storage]',
        `filesystem_folder = ${join(dir, 'radicale')}`,
        '[logging]',
        'level = warning',
        'mask_passwords = true',
      ].join('\n'),
    )
    const radicale = start('radicale', ['--config', join(dir, 'radicale.conf')])
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
