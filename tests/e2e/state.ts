/**
 * Where the browser tests' server keeps its state: one directory per port, so two runs (the desktop and the
 * phone projects of `npm run test:e2e`, or two engineers) never share a database.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? '8799')
export const e2eStateDir = `.wrangler/e2e-${e2ePort}`
