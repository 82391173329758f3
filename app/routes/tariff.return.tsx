import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { redirect } from '@remix-run/cloudflare'
import { withGoals } from '#app/server/analytics/goals.server.ts'
import { ownUrl, returnFromProvider } from '#app/server/billing/checkout.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { paymentProvider } from '#app/server/payments/provider.server.ts'
import { attempt } from '#app/server/refusal.server.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

/** A return address from the query, when it is ours; else the plans page. */
async function returnTo(env: ReturnType<typeof parseEnv>, raw: string | null) {
  const checked = await attempt(async () => ownUrl({ env }, raw, '/tariff'))
  return new URL(checked.ok ? checked.value : '/tariff', env.APP_URL)
}

/**
 * `/tariff/return?payment=`: where the provider sends the browser back. The payment is read from the provider now
 * (not waiting for its notification) and the browser goes on with the outcome: a card binding to its success or
 * fail address with `trial_pro_status` and `attach_card_status` (SPEC §4), a payment to /tariff with `payment=`;
 * the analytics goal (trialActivated, trialFailed, tariffPayment) rides along to the next page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = parseEnv(context.cloudflare.env)
  const { db, user } = await signedInPage(request, context)
  const query = new URL(request.url).searchParams
  const paymentId = query.get('payment') ?? ''
  const deps = { db, env, now: Date.now(), provider: paymentProvider(db, env) }
  const outcome = paymentId.length <= 64 ? await returnFromProvider(deps, user.id, paymentId) : null
  if (!outcome) throw new Response(null, { status: 404 })
  if (outcome.kind === 'cardBinding' && outcome.status !== 'pending') {
    const success = outcome.status === 'succeeded'
    const target = await returnTo(env, query.get(success ? 'success' : 'fail'))
    const value = success ? 'success' : 'failed'
    target.searchParams.set('trial_pro_status', value)
    target.searchParams.set('attach_card_status', value)
    return withGoals(
      request,
      redirect(`${target.pathname}${target.search}`),
      success ? 'trialActivated' : 'trialFailed',
    )
  }
  const back = redirect(`/tariff?payment=${outcome.status}`)
  return outcome.status === 'succeeded' ? withGoals(request, back, 'tariffPayment') : back
}
