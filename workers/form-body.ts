import type { ActionFunction, ServerBuild } from '@remix-run/cloudflare'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'

/**
 * What a page action accepts as its body: what an HTML form, Remix's `<Form>`, a fetcher and `submit()` send
 * (docs/decisions/0005-page-form-bodies-and-framing.md). JSON and every other body belong to the JSON API.
 */
export const FORM_MEDIA_TYPES: readonly string[] = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** Actions that read no body: the catch-all route answers 404 to any method, whatever it carries. */
const ACTIONS_WITHOUT_BODY: ReadonlySet<string> = new Set(['routes/$'])

/** Whether the request carries a form body that `request.formData()` reads without throwing. */
export async function hasFormBody(request: Request): Promise<boolean> {
  const mediaType = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase()
  if (!FORM_MEDIA_TYPES.includes(mediaType)) return false
  try {
    // A clone: the action reads the original. Malformed multipart (no boundary, cut short) fails here.
    await request.clone().formData()
    return true
  } catch {
    return false
  }
}

/** The 400 a page action answers for a body that is not a form: the root error boundary's 400 screen. */
async function badRequest(request: Request): Promise<Response> {
  const t = getT(await getLanguage(request))
  return new Response(t('errors.badRequestText'), {
    status: 400,
    statusText: 'Bad Request',
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

function guarded(action: ActionFunction): ActionFunction {
  return async (args) => {
    if (!(await hasFormBody(args.request))) throw await badRequest(args.request)
    return action(args)
  }
}

/**
 * The Remix build with every route's action behind one check: a body that is missing, not a form (JSON,
 * text/plain) or malformed answers the translated 400 screen instead of an action crashing on
 * `request.formData()` with a 500. Thrown as a Response, so Remix renders it in documents and in `.data` requests
 * alike; resource routes (`/logout`, `/push-token`) answer the translated text.
 */
export function withFormBodyCheck(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {}
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route.module.action
    routes[id] =
      action && !ACTIONS_WITHOUT_BODY.has(id)
        ? { ...route, module: { ...route.module, action: guarded(action) } }
        : route
  }
  return { ...build, routes }
}
