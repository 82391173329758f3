/** What the browser needs for web push (issue 8, ADR 0041); the server builds it from its public settings. */
export type FirebaseWebOptions = { apiKey: string; projectId: string; messagingSenderId: string; appId: string }

export type PushClientConfig = {
  firebase: FirebaseWebOptions
  vapidKey: string
  /**
   * Browser tests only: the page takes its token source from the test instead of Firebase. Set only with
   * `ENVIRONMENT=development` and `PUSH_TOKEN_STUB=1`, so a production page never looks for it.
   */
  stub: boolean
}
