import { SELF } from 'cloudflare:test'
import type { PlanName } from '#app/domain/enums.ts'
import { checkAnswer } from './openapi-check.ts'
import { bearerFor, createTestUser } from './users.ts'

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of many shapes and assert on them
export type ApiAnswer = { status: number; body: { isOk: boolean; data: any; apiErrors: { text: string }[] } }

/** A specialist of the given plan and a caller of the JSON API signed in as them. */
export async function apiSpecialist(plan: PlanName = 'Pro', version = 'v2') {
  const user = await createTestUser({ plan })
  const auth = await bearerFor(user.id)
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer> => {
    const response = await SELF.fetch(`http://localhost/api/${version}${path}`, {
      method,
      headers: { Authorization: auth, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const answer = { status: response.status, body: (await response.json()) as ApiAnswer['body'] }
    checkAnswer(method, path, answer.status, answer.body)
    return answer
  }
  return { user, call }
}
