import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { eventPageAction } from '#app/server/booking/page/action.server.ts'
import { eventPageLoader } from '#app/server/booking/page/event.server.ts'

/** The short form of the public event page (SPEC §2): `/{login}/{eventLink}`, same page, same flow. */
function shortPath(params: LoaderFunctionArgs['params']) {
  return `/${encodeURIComponent(params.login ?? '')}/${encodeURIComponent(params.eventLink ?? '')}`
}

export function loader(args: LoaderFunctionArgs) {
  return eventPageLoader(args, 'page', shortPath(args.params))
}

export function action(args: ActionFunctionArgs) {
  return eventPageAction(args, shortPath(args.params))
}

export { default, handle, headers, meta, shouldRevalidate } from './user.$login.event.$eventLink.tsx'
