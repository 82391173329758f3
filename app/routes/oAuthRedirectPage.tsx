import { OAuthError } from '#app/components/accounts/oauth-error.tsx'
import { oauthLanding } from '#app/server/accounts/oauth-route.server.ts'

export const loader = oauthLanding

/**
 * `/oAuthRedirectPage` (SPEC §2): sends the browser to the provider, and finishes a provider's answer that lands here;
 * renders only when it cannot (a translated reason and the way back to sign-in).
 */
export default OAuthError
