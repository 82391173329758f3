import type { HeadersFunction, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { HostView } from '#app/components/booking/host-view.tsx'
import { PublicNotFound } from '#app/components/booking/not-found.tsx'
import { useInFrame } from '#app/components/booking/widget-bridge.ts'
import { SiteHeader } from '#app/components/site-header.tsx'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import { hostPageLoader } from '#app/server/booking/page/host.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

/** The specialist's public page shows booking texts only (docs/decisions/0079-namespaces-per-route.md). */
export const handle: I18nHandle = { i18n: ['booking'] }

export const meta = titleMeta

/** `Vary: Sec-Fetch-Dest`: the page differs inside a frame. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/** SPEC §2 "Public host page": the profile card and the host's public event types. */
export function loader(args: LoaderFunctionArgs) {
  return hostPageLoader(args)
}

export default function HostPage() {
  const data = useLoaderData<typeof loader>()
  // Inside a frame (the share panel's snippet) the page is the widget: no site header (SPEC §2).
  const framed = useInFrame() || data.framed
  return (
    <>
      {framed ? null : <SiteHeader />}
      {data.host ? <HostView host={data.host} /> : <PublicNotFound page="host" />}
    </>
  )
}
