/**
 * `npm run test:e2e`: the browser tests. After one build of the app (none with SKIP_APP_BUILD=1: built just before),
 * two Playwright processes run at the same time, each with half of the suite (`--shard=1/2`, `--shard=2/2`: every
 * desktop spec and the phone project's specs, playwright.config.ts) against its own `wrangler dev` and database (ports
 * E2E_PORT and E2E_PORT + 10). Arguments go to Playwright (a spec file, `-g`, ...). With `--project` or `--shard`
 * among them, or E2E_SERIAL=1, one Playwright process runs as given, against one server (docs/decisions/0061, 0112).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createInterface } from 'node:readline'

const args = process.argv.slice(2)
const basePort = Number(process.env.E2E_PORT ?? '8799')
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }

function playwright(extra: string[], port: number, prefix: string | null): ChildProcess {
  const child = spawn('npx', ['playwright', 'test', ...extra, ...args], {
    env: { ...env, E2E_PORT: String(port), ...(prefix ? { SKIP_APP_BUILD: '1' } : {}) },
    stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  })
  if (prefix) {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue
      const out = stream === child.stdout ? process.stdout : process.stderr
      createInterface({ input: stream }).on('line', (line) => out.write(`${prefix} ${line}\n`))
    }
  }
  return child
}

const exited = (child: ChildProcess) =>
  new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))

if (process.env.E2E_SERIAL === '1' || args.some((arg) => arg.startsWith('--project') || arg.startsWith('--shard'))) {
  process.exit(await exited(playwright([], basePort, null)))
}

// .ci/run sets SKIP_APP_BUILD=1: `npm test` built the same tree a moment before.
if (process.env.SKIP_APP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const runs = [
  { shard: '1/2', port: basePort },
  { shard: '2/2', port: basePort + 10 },
].map(({ shard, port }) => ({ shard, child: playwright([`--shard=${shard}`], port, `[${shard}]`) }))

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const { child } of runs) child.kill(signal)
  })
}

const codes = await Promise.all(runs.map(({ child }) => exited(child)))
const failed = runs.filter((_, index) => codes[index] !== 0).map(({ shard }) => `shard ${shard}`)
console.log(failed.length === 0 ? '\ne2e: both shards passed' : `\ne2e: failed in ${failed.join(', ')}`)
process.exit(failed.length === 0 ? 0 : 1)
