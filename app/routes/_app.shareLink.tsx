import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { ComingSoon } from '#app/components/accounts/coming-soon.tsx'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request }: LoaderFunctionArgs) {
  return { title: getT(await getLanguage(request))('accounts:shell.menu.shareLink') }
}

/** `/shareLink`: a later issue builds this section; until then an honest "coming soon". */
export default function Page() {
  return <ComingSoon section="shareLink" />
}
