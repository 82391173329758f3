import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

/**
 * The CalDAV provider against two real servers (issue 14): tests/caldav/servers.ts starts Radicale and Xandikos in
 * Node, the tests run inside workerd like the `integration` project of vitest.config.ts (same Worker, bindings and
 * migrations) and reach the servers over loopback. The Worker imports the Remix server build: `npm run test:caldav`
 * builds first.
 */
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: './workers/app.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          ENVIRONMENT: 'development',
          APP_URL: 'http://localhost:8787',
          TEST_MIGRATIONS: await readD1Migrations('./migrations'),
        },
      },
    })),
  ],
  test: {
    name: 'caldav',
    include: ['tests/caldav/**/*.test.ts'],
    globalSetup: ['./tests/caldav/servers.ts'],
    setupFiles: ['./tests/console-guard.ts', './tests/integration/setup.ts'],
    testTimeout: 30_000,
    deps: { optimizer: { ssr: { enabled: true, include: ['@remix-run/cloudflare'] } } },
  },
})
