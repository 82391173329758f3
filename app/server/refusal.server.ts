/**
 * The server side of the one refusal (app/domain/refusal.ts): `Refused` carries a `Refusal` through code that
 * throws (use cases deep in a call chain); pages and the API render it with the helpers here.
 */
import { type Refusal, type RefusalCode, type RefusalParams, refusal, refusalStatus } from '#app/domain/refusal.ts'

export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.code)
  }

  get status() {
    return refusalStatus(this.refusal)
  }
}

export function refuse(code: RefusalCode, field?: string, params?: RefusalParams): never {
  throw new Refused(refusal(code, field, params))
}
