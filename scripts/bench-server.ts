/**
 * The servers scripts/bench-booking.ts measures, one at a time on the same port and a fresh database:
 * `wrangler dev` as a developer runs it, and the same Worker served by workerd directly (ADR 0122).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { Miniflare } from 'miniflare'
import { unstable_getMiniflareWorkerOptions } from 'wrangler'

export interface BenchServer {
  label: string
  /** What opens a connection before it is timed: a static file where the assets router runs, else an API 404. */
  warmPath: string
  start(): Promise<void>
  stop(): Promise<void>
}

export const wranglerEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }
/** The bench's own variables: development (Server-Timing, the fake outside services) at the bench's address. */
const benchVars = (base: string) => ({ ENVIRONMENT: 'development', APP_URL: base })

/** A static file: no code of the app's runs for it. */
export const STATIC_FILE = '/favicon.svg'
/** An API path that answers 404: the app's Worker, its security headers and hono, but no handler of ours. */
export const API_404 = '/api/v2/bench/nothing'

async function waitForServer(base: string, deadline: number, path = STATIC_FILE) {
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(`${base}${path}`)
      await answer.arrayBuffer()
      if (answer.status < 500) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the server did not answer on ${base}`)
}

/** `wrangler dev` with the bench's database (the figures every run before ADR 0122 printed). */
export function wranglerDev(port: string, base: string, persistTo: string): BenchServer {
  let server: ChildProcess | null = null
  const vars = Object.entries(benchVars(base)).flatMap(([name, value]) => ['--var', `${name}:${value}`])
  return {
    label: 'Under wrangler dev (its proxy workerd and Node process in front of the app)',
    warmPath: STATIC_FILE,
    async start() {
      server = spawn(
        'npx',
        ['wrangler', 'dev', '--port', port, '--ip', '127.0.0.1', ...vars, '--persist-to', persistTo],
        { stdio: 'ignore', env: wranglerEnv, detached: true },
      )
      await waitForServer(base, Date.now() + 120_000)
    },
    async stop() {
      if (!server?.pid) return
      const exited = new Promise((resolve) => server?.once('exit', resolve))
      process.kill(-server.pid, 'SIGTERM')
      await exited
    },
  }
}

/** Which of Miniflare's workers stand in front of the app's (ADR 0129). */
export type Serving = 'entry' | 'alone'

/**
 * The built Worker in workerd itself: wrangler bundles it as for a deploy (`wrangler deploy --dry-run`, the app
 * already built), wrangler turns wrangler.toml into Miniflare's options (bindings, D1, the Durable Objects, static
 * assets, compatibility), and Miniflare runs one workerd with the same persistence as `wrangler dev --persist-to`.
 * No proxy worker and no per-request log to Node: the requests reach the app's workerd directly.
 *   - `entry`: on Miniflare's own socket, through its entry worker and the static-assets router (ADR 0122);
 *   - `alone`: on a socket of the app's Worker itself (Miniflare's `unsafeDirectSockets`), without the static assets
 *     (with them Miniflare routes even that socket through the assets router), so no worker of Miniflare's runs in
 *     front: what Cloudflare runs of ours for an API request (ADR 0129). Pages and static files need the assets
 *     router: their figures come from the other servers. Miniflare's own socket takes a free port.
 * `inspectorPort`: the V8 inspector of workerd's isolates (scripts/bench-profile.ts).
 */
export async function workerdDirect(
  port: string,
  base: string,
  persistTo: string,
  serving: Serving,
  inspectorPort?: number,
  /** A bundle made beforehand (scripts/bench-ab.ts); wrangler bundles the built app into one otherwise. */
  bundled?: string,
): Promise<BenchServer> {
  const outdir = bundled ?? '.wrangler/bench-bundle'
  if (!bundled) {
    execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outdir], {
      stdio: 'ignore',
      env: { ...wranglerEnv, SKIP_APP_BUILD: '1' },
    })
  }
  const bundle = readdirSync(outdir).find((file) => file.endsWith('.js'))
  if (!bundle) throw new Error(`wrangler deploy --dry-run wrote no script into ${outdir}`)
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml')
  const alone = serving === 'alone'
  const sockets = alone
    ? { port: 0, assets: undefined, unsafeDirectSockets: [{ host: '127.0.0.1', port: Number(port) }] }
    : { port: Number(port) }
  let mf: Miniflare | null = null
  return {
    label: alone
      ? "The Worker alone on its own socket (Miniflare's unsafeDirectSockets: no entry worker, no assets router in front, as Cloudflare runs the Worker's code for an API request; the fairer measure)"
      : 'Served by workerd directly (the built Worker, no wrangler dev in front)',
    warmPath: alone ? API_404 : STATIC_FILE,
    async start() {
      mf = new Miniflare({
        ...workerOptions,
        name: 'booking-service',
        modules: [{ type: 'ESModule', path: resolve(outdir, bundle) }],
        bindings: { ...workerOptions.bindings, ...benchVars(base) },
        defaultPersistRoot: join(persistTo, 'v3'),
        host: '127.0.0.1',
        ...sockets,
        logRequests: false,
        inspectorPort,
        // wrangler dev's output is dropped too (stdio: 'ignore'); the app's console goes nowhere.
        handleRuntimeStdio(stdout: Readable, stderr: Readable) {
          stdout.resume()
          stderr.resume()
        },
      })
      await mf.ready
      await waitForServer(base, Date.now() + 60_000, alone ? API_404 : STATIC_FILE)
    },
    async stop() {
      await mf?.dispose()
      mf = null
    },
  }
}

/** CPU time of one process, in ms: the run time of each of its threads (ns, /proc/<pid>/task/<tid>/schedstat). */
function processCpuMs(pid: string): number {
  let ns = 0
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0])
  }
  return ns / 1e6
}

/**
 * CPU time (user + system), in ms, of every process below `root` (not `root` itself), read from /proc: each thread's
 * run time in nanoseconds (schedstat), not the 10 ms ticks of /proc/<pid>/stat, which made a race of about 100 ms
 * read as 80-120 (ADR 0129). A thread that ends between the two readings takes its time with it; workerd's and
 * wrangler's threads live as long as the server.
 */
export function descendantsCpuMs(root: number): number {
  const parents = new Map<string, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The fields after the command name (which may hold spaces): state, ppid, ...
      parents.set(entry, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {}
  }
  let total = 0
  const below = new Set([String(root)])
  let grew = true
  while (grew) {
    grew = false
    for (const [pid, parent] of parents) {
      if (below.has(String(parent)) && !below.has(pid)) {
        below.add(pid)
        grew = true
        try {
          total += processCpuMs(pid)
        } catch {}
      }
    }
  }
  return total
}
