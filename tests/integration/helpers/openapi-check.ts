import { TrieRouter } from 'hono/router/trie-router'
import { type Operation, OPERATIONS, errorStatuses } from '#workers/api/openapi/operations.ts'
import { ErrorEnvelope, envelopeOf } from '#workers/api/openapi/responses.ts'

const router = new TrieRouter<Operation>()
for (const op of OPERATIONS) router.add(op.method.toUpperCase(), op.path, op)

/** The documented operation a call reaches, as the API's router picks it (the first registered match). */
export function operationOf(method: string, url: string): Operation | null {
  const path = new URL(url, 'http://localhost').pathname.replace(/^\/api\/v[234](?=\/)/, '')
  const [matches] = router.match(method === 'HEAD' ? 'GET' : method, path)
  return matches[0]?.[0] ?? null
}

/**
 * Checks one answer of the JSON API against the OpenAPI document (ADR 0104): a documented status, and the envelope
 * with the documented `data` on a success or the error envelope otherwise. The integration tests' API helpers call it
 * on every answer they get, so a route that answers a shape the document does not describe fails the test that saw it.
 */
export function checkAnswer(method: string, url: string, status: number, body: unknown): void {
  const op = operationOf(method, url)
  const where = `${method} ${new URL(url, 'http://localhost').pathname} answered ${status}`
  if (!op) {
    // An unknown path (404) or a known path with another method (405): the error envelope, nothing else.
    if (status !== 404 && status !== 405) throw new Error(`${where}, but the OpenAPI document has no such operation`)
    assertShape(where, ErrorEnvelope, body)
    return
  }
  if (op.raw) return
  const successes = [op.status ?? 200, ...(op.alsoStatus ?? [])]
  if (successes.includes(status)) assertShape(`${where} (${op.operationId})`, envelopeOf(op.data), body)
  else if (status === 405 || errorStatuses(op).includes(status))
    assertShape(`${where} (${op.operationId})`, ErrorEnvelope, body)
  else throw new Error(`${where}: status not in the OpenAPI document of ${op.operationId}`)
}

function assertShape(where: string, schema: typeof ErrorEnvelope | ReturnType<typeof envelopeOf>, body: unknown) {
  const result = schema.safeParse(body)
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`${where}: the answer does not match the OpenAPI document: ${issues}`)
  }
}
