import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Sign in with Apple runs configured in the integration tests (tests/integration/accounts-apple.test.ts): a fresh
 * P-256 key per run signs the client secret; the tests get its public half to check the signature.
 */
async function appleTestKey() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', pair.privateKey)).toString('base64')
  const pem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)?.join('\n')}\n-----END PRIVATE KEY-----`
  return { pem, publicJwk: JSON.stringify(await crypto.subtle.exportKey('jwk', pair.publicKey)) }
}

export default defineConfig({
  test: {
    // vitest's default is one worker less than the cores: one file at a time on CI's two cores. An integration file
    // spends most of its time starting its workerd and loading the Worker, waiting more than computing, so two at
    // once fill two cores (ADR 0120: 6.6 -> 4.7 min on the idle 2-core machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./tests/console-guard.ts'],
          // Property tests run thousands of cases: generous limits keep a busy machine from failing them.
          testTimeout: 30_000,
        },
      },
      {
        // Inside workerd, with the Worker of wrangler.toml and the migrations applied (tests/integration/setup.ts).
        // The Worker imports the Remix server build: `npm test` builds first.
        plugins: [
          cloudflareTest(async () => {
            const apple = await appleTestKey()
            return {
              main: './workers/app.ts',
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: {
                  ENVIRONMENT: 'development',
                  APP_URL: 'http://localhost:8787',
                  TEST_MIGRATIONS: await readD1Migrations('./migrations'),
                  APPLE_CLIENT_ID: 'com.fastslot.web',
                  APPLE_TEAM_ID: 'TEAM123456',
                  APPLE_KEY_ID: 'KEY1234567',
                  APPLE_PRIVATE_KEY: apple.pem,
                  TEST_APPLE_PUBLIC_JWK: apple.publicJwk,
                },
              },
            }
          }),
        ],
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          setupFiles: ['./tests/console-guard.ts', './tests/integration/setup.ts'],
          testTimeout: 30_000,
          deps: { optimizer: { ssr: { enabled: true, include: ['@remix-run/cloudflare'] } } },
        },
      },
    ],
  },
})
