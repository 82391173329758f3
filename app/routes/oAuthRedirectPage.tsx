import { OAuthError } from '#app/components/accounts/oauth-error.tsx'
import { oauthStart } from '#app/server/accounts/oauth-route.server.ts'

export const loader = oauthStart

/** `/oAuthRedirectPage` (SPEC §2): sends the browser to the provider; renders only when it cannot. */
export default OAuthError
