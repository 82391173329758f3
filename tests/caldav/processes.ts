/**
 * Starting and stopping the real CalDAV servers the tests use (Radicale, Xandikos: Debian packages), shared by the
 * caldav vitest project (servers.ts) and the browser tests (tests/e2e/radicale.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { request as httpRequest, createServer as createHttpServer, type Server } from 'node:http'
import { createServer } from 'node:net'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

export function freePort(): Promise<number> {
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
export async function waitForHttp(url: string, child: ChildProcess, output: () => string) {
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

export function start(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return { child, output: () => output }
}

export function stop(child: ChildProcess): Promise<void> {
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
export async function keepAliveProxy(target: number, port?: number): Promise<{ port: number; server: Server }> {
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
  const listening = port ?? (await freePort())
  await new Promise<void>((resolve) => server.listen(listening, '127.0.0.1', resolve))
  return { port: listening, server }
}

/** Radicale on a free loopback port with these plain-password accounts, its data under `dir`. */
export async function startRadicale(dir: string, users: Record<string, string>) {
  const port = await freePort()
  writeFileSync(
    join(dir, 'users'),
    Object.entries(users)
      .map(([login, password]) => `${login}:${password}\n`)
      .join(''),
  )
  writeFileSync(
    join(dir, 'radicale.conf'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      // Radicale delays every refused login by up to this many seconds; the wrong-password tests need none.
      'delay = 0',
      '[storage]',
      `filesystem_folder = ${join(dir, 'radicale')}`,
      '[logging]',
      'level = warning',
      'mask_passwords = true',
    ].join('\n'),
  )
  return { port, ...start('radicale', ['--config', join(dir, 'radicale.conf')]) }
}
