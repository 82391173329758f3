import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

/** Playwright cannot download its browsers here: the system Chromium drives the tests (README "Tests"). */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  )
}

const port = process.env.E2E_PORT ?? '8799'

/**
 * The specs the phone also runs: the pages a guest and a specialist read on a phone (public booking, lists, the
 * meeting page, notices) and the axe sweep over every page. Flows whose phone layout adds nothing to the desktop run
 * (sign-up, the event type wizard's saves, calendar connections, payments, webhooks) run on desktop only (ADR 0112).
 */
const phoneSpecs = [
  'accessibility',
  'booking',
  'companions',
  'contacts',
  'first-run',
  'language-switch',
  'meetings',
  'notifications',
  'one-time',
  'platform',
  'spec-texts',
  'time-zones',
  'waitlist',
].map((name) => `**/${name}.spec.ts`)
const baseURL = `http://localhost:${port}`

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // One folder per server port: the desktop and phone runs of scripts/e2e.ts work side by side.
  outputDir: `test-results/${port}`,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // A Russian browser (the devices say en-US): public booking pages follow the browser's language (ADR 0091), and
    // the specs read them in Russian unless they ask for another (tests/e2e/time-zones.spec.ts is an English one).
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, locale: 'ru-RU' },
    },
    { name: 'phone', testMatch: phoneSpecs, use: { ...devices['Pixel 7'], locale: 'ru-RU' } },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/server.ts',
    url: `${baseURL}/favicon.svg`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
