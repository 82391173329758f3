import type { LoaderFunctionArgs } from '@remix-run/cloudflare'

/** Avatars from R2 (app/server/accounts/profile.server.ts): public, immutable (each upload gets a new key). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const key = params['*'] ?? ''
  if (!/^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|heic)$/.test(key)) throw new Response(null, { status: 404 })
  const object = await context.cloudflare.env.AVATARS.get(key)
  if (!object) throw new Response(null, { status: 404 })
  return new Response(object.body, {
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
