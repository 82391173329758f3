import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Property tests run thousands of cases: generous limits keep a busy machine from failing them.
          testTimeout: 30_000,
        },
      },
      {
        // Inside workerd, with the Worker of wrangler.toml and the migrations applied (tests/integration/setup.ts).
        // The Worker imports the Remix server build: `npm test` builds first.
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
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          setupFiles: ['./tests/integration/setup.ts'],
          testTimeout: 30_000,
          deps: { optimizer: { ssr: { enabled: true, include: ['@remix-run/cloudflare'] } } },
        },
      },
    ],
  },
})
