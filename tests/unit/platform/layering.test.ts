import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cyclesUnder, layerViolations, readSources, resolveSpecifier, specifiersOf } from './import-graph.ts'

const root = new URL('../../../', import.meta.url).pathname

describe('the import rule of the layers (docs/decisions/0078-layering.md)', () => {
  const sources = readSources(root, ['app', 'db', 'workers'])

  it('holds over the whole source tree', () => {
    expect(sources.size).toBeGreaterThan(200)
    expect(layerViolations(sources)).toEqual([])
  })

  it('db/ schema files import each other in one direction only', () => {
    expect(cyclesUnder(sources, 'db/')).toEqual([])
  })

  it('fails on each kind of forbidden import', () => {
    const forbidden = new Map([
      ['app/domain/x.ts', "import { users } from '#db/schema.ts'\nimport { eq } from 'drizzle-orm'"],
      ['app/domain/area/y.ts', "import type { Db } from '../../server/db.server.ts'\nimport { Hono } from 'hono'"],
      ['app/domain/z.ts', "export { redirect } from '@remix-run/cloudflare'\nconst m = import('cloudflare:workers')"],
      ['app/components/booking/c.tsx', "import {\n  outbox,\n} from '../../../db/schema.ts'"],
      ['app/routes/r.tsx', "import { sql } from 'drizzle-orm'"],
      ['app/server/s.server.ts', "import { Toaster } from '#app/components/ui/toaster.tsx'"],
      ['workers/api/a.ts', "import { users } from '#db/schema-core.ts'"],
      ['db/schema-x.ts', "import { getDb } from '../app/server/db.server.ts'"],
    ])
    expect(layerViolations(forbidden).map((line) => line.split(' imports ')[0])).toEqual([
      'app/domain/x.ts',
      'app/domain/x.ts',
      'app/domain/area/y.ts',
      'app/domain/area/y.ts',
      'app/domain/z.ts',
      'app/domain/z.ts',
      'app/components/booking/c.tsx',
      'app/routes/r.tsx',
      'app/server/s.server.ts',
      'workers/api/a.ts',
      'db/schema-x.ts',
    ])
    // What each layer may import stays allowed.
    const allowed = new Map([
      ['app/domain/ok.ts', "import { z } from 'zod'\nimport { PLAN_NAMES } from '#app/domain/enums.ts'"],
      ['app/components/ok.tsx', "import { PLAN_NAMES } from '#app/domain/enums.ts'\n// import from '#db/schema.ts'"],
      ['app/routes/ok.tsx', "import { getDb } from '#app/server/db.server.ts'"],
      ['app/server/ok.server.ts', "import { users } from '#db/schema.ts'\nimport { eq } from 'drizzle-orm'"],
      ['db/schema-ok.ts', "import { PLAN_NAMES } from '../app/domain/enums.ts'"],
    ])
    expect(layerViolations(allowed)).toEqual([])
  })

  it('finds a cycle among db/ files', () => {
    const files = new Map([
      ['db/schema.ts', "export * from './schema-a.ts'"],
      ['db/schema-a.ts', "import { b } from './schema-b.ts'"],
      ['db/schema-b.ts', "import { users } from './schema.ts'"],
    ])
    expect(cyclesUnder(files, 'db/')).toEqual([['db/schema.ts', 'db/schema-a.ts', 'db/schema-b.ts', 'db/schema.ts']])
  })

  it('reads specifiers the way the source writes them', () => {
    expect(
      specifiersOf("import a from 'a'\nimport type { B } from \"#app/b.ts\"\nexport * from './c.ts'\nimport 'd.css'"),
    ).toEqual(['a', '#app/b.ts', './c.ts', 'd.css'])
    expect(resolveSpecifier('app/domain/x/y.ts', '../../server/z.ts')).toBe('app/server/z.ts')
    expect(resolveSpecifier('db/schema.ts', '#db/schema-core.ts')).toBe('db/schema-core.ts')
  })
})

// The built browser assets (npm test builds first): no Drizzle code reaches any page's JavaScript.
const assets = `${root}build/client/assets`
describe.skipIf(!existsSync(assets))('browser chunks (after npm run build)', () => {
  it('carry no Drizzle code', () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(10)
    const withDrizzle = scripts.filter((name) =>
      /drizzle:|IsDrizzleTable/.test(readFileSync(`${assets}/${name}`, 'utf8')),
    )
    expect(withDrizzle).toEqual([])
  })
})
