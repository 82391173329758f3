/**
 * `npx tsx scripts/telemost-fake.ts [port]`: the fake Telemost API on http://127.0.0.1:8790 (or the port given), for
 * trying video meetings with `npm start` (README "Video meetings"). Development only; it stops with Ctrl-C.
 */
import { serveFakeTelemost } from '../tests/fakes/telemost-server.ts'

const port = Number(process.argv[2] ?? 8790)
const { telemost } = await serveFakeTelemost(port)
console.log(`Fake Telemost API on http://127.0.0.1:${port} (set TELEMOST_API_BASE to it)`)
setInterval(() => {
  const last = telemost.conferences.at(-1)
  if (last) console.log(`conferences: ${telemost.conferences.length}, last ${last.joinUrl}`)
}, 60_000).unref()
