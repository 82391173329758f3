/**
 * Part of `npm run build`: copies the API reference page's script (@scalar/api-reference's standalone bundle) into
 * public/vendor/, so /api/docs loads it from our own assets and no CDN (ADR 0104). public/vendor/ is not committed.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'

const root = join(import.meta.dirname, '..')
const source = join(root, 'node_modules/@scalar/api-reference/dist/browser/standalone.js')
if (!existsSync(source)) throw new Error(`@scalar/api-reference has no ${source}: run npm install`)
const target = join(root, 'public/vendor/scalar/standalone.js')
mkdirSync(dirname(target), { recursive: true })
copyFileSync(source, target)
console.log('[vendor] @scalar/api-reference standalone.js -> public/vendor/scalar/')
