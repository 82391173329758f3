/**
 * The fake Telemost API (telemost-api.ts) over HTTP, for the browser tests and `npm start` (README "Video meetings"):
 * the Worker reaches it through `TELEMOST_API_BASE`. Any token counts as live here: the tokens come from the local
 * OpenID provider (`OAUTH_MOCK_ISSUER`), not from the fake's own OAuth.
 */
import { type Server, createServer } from 'node:http'
import { FakeTelemost } from './telemost-api.ts'

export async function serveFakeTelemost(port: number): Promise<{ telemost: FakeTelemost; server: Server }> {
  const telemost = new FakeTelemost((token) => Boolean(token))
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
    const answer = await telemost.handle(
      new Request(`http://127.0.0.1:${port}${request.url ?? '/'}`, {
        method: request.method,
        headers: Object.entries(request.headers).flatMap(([name, value]) =>
          typeof value === 'string' ? [[name, value] as [string, string]] : [],
        ),
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
      }),
    )
    response.writeHead(answer.status, Object.fromEntries(answer.headers))
    response.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { telemost, server }
}
