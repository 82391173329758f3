import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { OAuthError } from '#app/components/accounts/oauth-error.tsx'
import { oauthCallback } from '#app/server/accounts/oauth-route.server.ts'

export const loader = (args: LoaderFunctionArgs) => oauthCallback('microsoft', args)

/** `/confirmMicrosoftOauth` (SPEC §2): the Microsoft sign-in comes back here; renders only when it fails. */
export default OAuthError
