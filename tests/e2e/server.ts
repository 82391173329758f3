/**
 * The server the browser tests run against: a fresh local D1 (migrated and seeded) under
 * .wrangler/e2e-<port>, and `wrangler dev` on E2E_PORT (8799), started by playwright.config.ts.
 * With SKIP_APP_BUILD=1 (scripts/e2e.ts, which builds once for both projects) wrangler does not rebuild the app.
 */
import { execFileSync, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { e2ePort, e2eStateDir } from './state.ts'

const port = String(e2ePort)
const persist = ['--persist-to', e2eStateDir]
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }

rmSync(e2eStateDir, { recursive: true, force: true })
execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', ...persist], { stdio: 'inherit', env })
execFileSync('npx', ['tsx', 'db/seed.ts', ...persist], { stdio: 'inherit', env })

const wrangler = spawn(
  'npx',
  [
    'wrangler',
    'dev',
    '--port',
    port,
    '--ip',
    '127.0.0.1',
    '--test-scheduled',
    // Two servers run side by side (scripts/e2e.ts): each needs its own inspector port (wrangler's default is 9229).
    '--inspector-port',
    String(e2ePort + 2000),
    '--var',
    'ENVIRONMENT:development',
    '--var',
    `APP_URL:http://localhost:${port}`,
    // The Telegram bot against the fake Bot API that tests/e2e/notifications.spec.ts serves on port + 1000.
    '--var',
    'TELEGRAM_BOT_TOKEN:e2e-bot-token',
    '--var',
    'TELEGRAM_WEBHOOK_SECRET:e2e-webhook-secret',
    '--var',
    'TELEGRAM_BOT_USERNAME:fastslot_e2e_bot',
    '--var',
    `TELEGRAM_API_BASE:http://127.0.0.1:${Number(port) + 1000}`,
    // Every sign-in provider goes to the local OpenID provider that tests/e2e/accounts.spec.ts starts.
    '--var',
    `OAUTH_MOCK_ISSUER:http://localhost:${Number(port) + 100}`,
    // Web push: public Firebase settings, and the test token source of tests/e2e/push.spec.ts instead of Firebase.
    '--var',
    'FIREBASE_WEB_CONFIG:{"apiKey":"e2e-api-key","projectId":"fastslot-e2e","messagingSenderId":"1","appId":"1:1:web:e2e"}',
    '--var',
    'FIREBASE_VAPID_KEY:e2e-vapid-key',
    '--var',
    'PUSH_TOKEN_STUB:1',
    // Video meetings: the fake Telemost API that tests/e2e/video.spec.ts serves on port + 300.
    '--var',
    `TELEMOST_API_BASE:http://127.0.0.1:${Number(port) + 300}`,
    // Calendars: the Yandex card talks to the Radicale that tests/e2e/calendars.spec.ts starts on port + 200.
    '--var',
    `YANDEX_CALDAV_URL:http://127.0.0.1:${Number(port) + 200}/`,
    // Analytics goals: Metrika's tag loads (and fails to: no internet) on every page; tests/e2e/analytics.spec.ts.
    '--var',
    'METRIKA_COUNTER_ID:98765432',
    ...persist,
  ],
  { stdio: 'inherit', env },
)
wrangler.on('exit', (code) => process.exit(code ?? 0))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => wrangler.kill(signal))
