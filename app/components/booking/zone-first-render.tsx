/**
 * No wrong-zone flash on the public event page (ADR 0092). When the guest has not chosen a zone (no `?tz=`, no `tz`
 * cookie) the server renders the host's zone; then:
 *  - with script, this inline script runs while the page is still being parsed, before the slots are painted: it
 *    keeps the browser's zone in the cookie and, when it differs, hides the zone-dependent part and asks for the
 *    page in that zone (`?tz=`), so the first times a guest sees are theirs, and every later visit renders them
 *    at once from the cookie;
 *  - without script, the page says which zone its times are in and that the guest can choose theirs.
 */
import { useTranslation } from 'react-i18next'
import { useNonce } from '#app/utils/nonce.tsx'

/** The attribute of the part of the page that shows times (hidden while the script asks for the guest's zone). */
export const ZONE_DEPENDENT_ATTRIBUTE = 'data-zone-dependent'

const ZONE_COOKIE_SCRIPT = (zone: string) =>
  `document.cookie='tz='+encodeURIComponent(${zone})+'; path=/; max-age=31536000; samesite=lax; secure'`

function script(serverZone: string): string {
  return `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(!z)return;${ZONE_COOKIE_SCRIPT('z')};var u=new URL(location.href);if(z===${JSON.stringify(serverZone).replaceAll('<', '\\u003c')}||u.searchParams.has('tz'))return;var s=document.createElement('style');s.textContent='[${ZONE_DEPENDENT_ATTRIBUTE}]{visibility:hidden}';document.head.appendChild(s);u.searchParams.set('tz',z);location.replace(u.href)}catch(e){}})()`
}

export function ZoneFirstRender({
  zoneChosen,
  viewerTimeZone,
  viewerZoneName,
}: {
  zoneChosen: boolean
  viewerTimeZone: string
  viewerZoneName: string
}) {
  const { t } = useTranslation()
  const nonce = useNonce()
  if (zoneChosen) return null
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script; the zone is a validated id, JSON-escaped
        dangerouslySetInnerHTML={{ __html: script(viewerTimeZone) }}
      />
      <noscript>
        <p className="mb-4 rounded-lg border border-line bg-card p-3 text-sm" data-testid="zone-note">
          {t('booking:event.zoneNotChosen', { zone: viewerZoneName })}
        </p>
      </noscript>
    </>
  )
}
