/**
 * The build step of `wrangler dev` (wrangler.toml [build]): `npm run build`, unless SKIP_APP_BUILD=1 says the app
 * was built beforehand. scripts/e2e.ts builds once and starts two servers; two builds at once into one build/
 * would overwrite each other.
 */
import { spawnSync } from 'node:child_process'

if (process.env.SKIP_APP_BUILD === '1') {
  console.log('[build] skipped: SKIP_APP_BUILD=1 (the app was built beforehand)')
} else {
  const { status } = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  process.exit(status ?? 1)
}
