/**
 * The import rule of the layers (README "Layout", docs/decisions/0078-layering.md), checked over the source files'
 * import graph: what each folder may not import, and no cycle among the db/ schema files.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

export type SourceFiles = Map<string, string>

/** Every .ts/.tsx file under the given folders, by repository-relative path. */
export function readSources(root: string, folders: readonly string[]): SourceFiles {
  const files: SourceFiles = new Map()
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name)) files.set(path, readFileSync(join(root, path), 'utf8'))
    }
  }
  for (const folder of folders) walk(folder)
  return files
}

/** The module specifiers of `import ... from`, `export ... from`, side-effect imports and `import('...')`. */
export function specifiersOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const found: string[] = []
  for (const match of code.matchAll(/(?:^|[;\n])\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]/g))
    found.push(match[1])
  for (const match of code.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) found.push(match[1])
  for (const match of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1])
  return found
}

/** A repository-relative path for the app's own modules (`#app/`, `#db/`, `#workers/`, relative), else the package. */
export function resolveSpecifier(importer: string, specifier: string): string {
  for (const [alias, folder] of [
    ['#app/', 'app/'],
    ['#db/', 'db/'],
    ['#workers/', 'workers/'],
  ] as const) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length)
  }
  if (specifier.startsWith('.')) return normalize(join(dirname(importer), specifier)).replaceAll('\\', '/')
  return specifier
}

const under =
  (...folders: string[]) =>
  (target: string) =>
    folders.some((folder) => target.startsWith(folder))
const packages =
  (...names: string[]) =>
  (target: string) =>
    names.some((name) => target === name || target.startsWith(`${name}/`) || target.startsWith(`${name}:`))
const either =
  (...tests: ((target: string) => boolean)[]) =>
  (target: string) =>
    tests.some((test) => test(target))

const database = either(under('db/'), packages('drizzle-orm'))

/** Who may not import what: `from` matches the importer's path, `forbidden` the resolved target. */
export const LAYER_RULES: { from: string; forbidden: (target: string) => boolean; why: string }[] = [
  {
    from: 'app/domain/',
    forbidden: either(
      database,
      under('app/server/', 'app/components/', 'app/routes/', 'app/root.tsx', 'app/entry.'),
      packages('hono', '@remix-run', 'cloudflare', 'react', 'react-dom', 'react-i18next'),
    ),
    why: 'app/domain is pure: no db, server, components, routes, drizzle, hono, remix, React, cloudflare:*',
  },
  { from: 'app/routes/', forbidden: database, why: 'routes reach the database through app/server' },
  { from: 'app/components/', forbidden: database, why: 'components reach the database through app/server' },
  { from: 'app/server/', forbidden: under('app/components/', 'app/routes/'), why: 'app/server never imports UI' },
  { from: 'workers/api/', forbidden: database, why: 'API handlers reach the database through app/server' },
  {
    from: 'db/schema',
    forbidden: under('app/server/', 'app/components/', 'app/routes/', 'workers/'),
    why: 'the schema imports only app/domain (its enum lists)',
  },
]

export function layerViolations(files: SourceFiles): string[] {
  const violations: string[] = []
  for (const [path, source] of files) {
    for (const specifier of specifiersOf(source)) {
      const target = resolveSpecifier(path, specifier)
      for (const rule of LAYER_RULES) {
        if (path.startsWith(rule.from) && rule.forbidden(target))
          violations.push(`${path} imports ${specifier}: ${rule.why}`)
      }
    }
  }
  return violations
}

/** Import cycles among the files under `folder` (each cycle once, as a path list). */
export function cyclesUnder(files: SourceFiles, folder: string): string[][] {
  const edges = new Map<string, string[]>()
  for (const [path, source] of files) {
    if (!path.startsWith(folder)) continue
    edges.set(
      path,
      specifiersOf(source)
        .map((specifier) => resolveSpecifier(path, specifier))
        .filter((target) => target.startsWith(folder)),
    )
  }
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string) => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of edges.keys()) if (!state.has(node)) visit(node)
  return cycles
}
