/**
 * Part of `npm run build`: copies the API reference page's script (@scalar/api-reference's standalone bundle) into
 * public/vendor/, so /api/docs loads it from our own assets and no CDN (ADR 0104). public/vendor/ is not committed.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'

const root = join(import.meta.dirname, '..')
const source = join(root, 'node_modules/@scalar/api-reference/dist/browser/standalone.js')
const target = join(root, 'public/vendor/scalar/standalone.js')
if (existsSync(source)) {
  mkdirSync(dirname(target), { recursive: true })
  copyFileSync(source, target)
  console.log('[vendor] @scalar/api-reference standalone.js -> public/vendor/scalar/')
} else {
  // A checkout whose node_modules predates the package still builds; only /api/docs lacks its script until
  // `npm install` (CI's `npm ci` always has it, and tests/integration/api-openapi.test.ts asks for the file).
  console.warn(`[vendor] WARNING: ${source} is missing: run npm install, or /api/docs shows no reference`)
}
