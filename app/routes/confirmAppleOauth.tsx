import { OAuthError } from '#app/components/accounts/oauth-error.tsx'
import { appleCallbackPage } from '#app/server/accounts/oauth-route.server.ts'

/**
 * `/confirmAppleOauth` (SPEC §2): Apple answers by a cross-site form POST, which the Worker handles before Remix
 * (appleFormPost, ADR 0011); this page shows why a sign-in failed.
 */
export const loader = appleCallbackPage

export default OAuthError
