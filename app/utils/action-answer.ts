/**
 * What a page action of the meetings and contacts pages answers (app/server/forms/page-action.server.ts
 * `pageAction`): its intent, and either the result or the refusal's translated texts. Plain data shared by the
 * server that builds it and the components that show it, so no component imports a server module for it.
 */
export type ActionAnswer<T> =
  | { ok: true; intent: string; result: T }
  /**
   * `status` tells a taken time (409, "Move anyway?") from bad input (400) or a refusal; `submitted` gives back
   * what the form sent, when the page shows it again (a page without script has no other copy of it).
   */
  | { ok: false; intent: string; errors: string[]; status?: number; submitted?: Record<string, string> }
