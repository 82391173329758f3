/**
 * `npm start`: migrates and seeds the local D1, serves the Worker with `wrangler dev` (which builds
 * the app first, see wrangler.toml [build]) on http://localhost:8787 (PORT overrides), and fires the
 * cron triggers of wrangler.toml on their schedule through `/__scheduled`, which wrangler dev alone
 * does not do.
 */
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cronMatches } from '#app/domain/cron.ts'

const port = Number(process.env.PORT ?? 8787)
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }
const run = (args: string[]) => execFileSync('npx', args, { stdio: 'inherit', env })

run(['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local'])
run(['tsx', 'db/seed.ts'])

const wrangler = spawn(
  'npx',
  [
    'wrangler',
    'dev',
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--test-scheduled',
    '--var',
    'ENVIRONMENT:development',
    '--var',
    `APP_URL:http://localhost:${port}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env },
)
wrangler.on('exit', (code) => process.exit(code ?? 0))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => wrangler.kill(signal))

const toml = readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8')
const crons = [...(toml.match(/^crons\s*=\s*\[(.*)\]/m)?.[1].matchAll(/"([^"]+)"/g) ?? [])].map((m) => m[1])

function fireDueCrons() {
  const now = new Date()
  for (const cron of crons.filter((expression) => cronMatches(expression, now))) {
    fetch(`http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent(cron)}`).catch((error) =>
      console.error(`cron ${cron}: ${error.message}`),
    )
  }
}

// Fire at the start of every minute, like Cloudflare does.
setTimeout(
  () => {
    fireDueCrons()
    setInterval(fireDueCrons, 60_000)
  },
  60_000 - (Date.now() % 60_000),
)
