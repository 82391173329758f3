/**
 * The plans and wallet pages' server side (SPEC §2 "Tariffs page and trial modals", /wallet): what they show and
 * what their plain forms do, over the same use cases as the JSON API.
 */
import { redirect } from '@remix-run/cloudflare'
import { DAY_MS, type TrialModal, trialDaysLeft, trialEndsAt, trialOfferFor } from '#app/domain/billing/trial.ts'
import { instantToZoned, isoToDmy } from '#app/domain/time/index.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { withGoals } from '../analytics/goals.server.ts'
import type { SessionUser } from '../auth/session.server.ts'
import type { Db } from '../db.server.ts'
import { type AppEnv, businessPlanUrl } from '../env.server.ts'
import { paymentProvider } from '../payments/provider.server.ts'
import { pageData, refusalOf } from '../refusal.server.ts'
import { parseForm } from '../forms/parse.server.ts'
import {
  PayPlanSchema,
  PromoSchema,
  RenewalSchema,
  cancelAutoRenew,
  chooseRenewal,
  payPlan,
  redeemFastiesCode,
  startTrial,
} from './checkout.server.ts'
import { readSubscription, walletBalance } from './store.server.ts'
import { dismissTrialOffer, trialOfferOf } from './trial-offer.server.ts'
import { paymentHistory, subscriptionView, planDefinitions, walletView } from './views.server.ts'

const PAGE_OUTCOMES = ['succeeded', 'canceled', 'pending'] as const
const DONE = ['autoRenewCanceled', 'renewalChosen'] as const

/** The "trial ended" modal greets the specialist on this page for a week after the end, not for ever. */
const ENDED_SHOWN_MS = 7 * DAY_MS

export async function plansPageData(db: Db, env: AppEnv, user: SessionUser, request: Request, now: number) {
  const query = new URL(request.url).searchParams
  const [view, history, balance, subscription, offer] = await Promise.all([
    subscriptionView(db, user.id),
    paymentHistory(db, user.id),
    walletBalance(db, user.id),
    readSubscription(db, user.id),
    trialOfferOf(db, user, now),
  ])
  if (!view) throw new Response(null, { status: 404 })
  const date = (iso: string | null) => (iso ? isoToDmy(instantToZoned(user.timeZone, Date.parse(iso)).date) : null)
  const validUntil = view.validUntil ? Date.parse(view.validUntil) : null
  const trialStatus = query.get('trial_pro_status')
  const daysLeft = view.isTrial && validUntil ? trialDaysLeft(validUntil, now) : null
  const trialEnded =
    view.trialUsed &&
    !view.isTrial &&
    view.tariff === 'Basic' &&
    !history.some((p) => p.kind !== 'cardBinding' && p.status === 'succeeded')
  // The offer opens by itself until "No, thanks" (trialOfferOf), and on request (`?offer=trial`) after it.
  const modal: TrialModal =
    trialStatus === 'success' && view.isTrial
      ? 'activated'
      : view.canStartTrial && query.get('offer') === 'trial'
        ? trialOfferFor(user.createdAt, now)
        : (offer ??
          (daysLeft !== null && daysLeft <= 2
            ? 'daysLeft'
            : trialEnded &&
                subscription?.trialStartedAt &&
                now < trialEndsAt(subscription.trialStartedAt) + ENDED_SHOWN_MS
              ? 'ended'
              : null))
  const plan = query.get('plan')
  const outcome = PAGE_OUTCOMES.find((value) => value === query.get('payment')) ?? null
  return {
    plans: planDefinitions(),
    subscription: {
      ...view,
      validUntilText: date(view.validUntil),
      nextPaymentDate: date(view.nextPayment?.date ?? null),
    },
    history: history.map((payment) => ({ ...payment, date: date(payment.createdAt) })),
    balance,
    selected: plan === 'Standard' || plan === 'Pro' ? plan : view.tariff === 'Pro' ? 'Pro' : 'Standard',
    modal,
    daysLeft,
    trialFailed: trialStatus === 'failed' || query.get('attach_card_status') === 'failed',
    outcome,
    done: DONE.find((value) => value === query.get('done')) ?? null,
    businessUrl: businessPlanUrl(env),
  }
}

export async function walletPageData(db: Db, user: SessionUser) {
  const view = await walletView(db, user.id)
  return {
    balance: view.balance,
    entries: view.entries.map((entry) => ({
      ...entry,
      date: isoToDmy(instantToZoned(user.timeZone, Date.parse(entry.createdAt)).date),
    })),
  }
}

const formValue = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : undefined
}

/** The plans page's forms: start the trial, pay, cancel or choose the renewal. */
export async function plansPageAction(db: Db, env: AppEnv, user: SessionUser, request: Request, language: Language) {
  const t = getT(language)
  const form = await request.formData()
  const deps = { db, env, now: Date.now(), provider: paymentProvider(db, env) }
  const intent = formValue(form, 'intent')
  try {
    if (intent === 'dismissTrialOffer') {
      await dismissTrialOffer(db, user.id)
      return redirect(formValue(form, 'from') === 'home' ? '/' : '/tariff')
    }
    if (intent === 'startTrial') {
      const { confirmationUrl } = await startTrial(deps, user.id, { success: '/tariff', fail: '/tariff' })
      return withGoals(request, redirect(confirmationUrl), 'trialStart')
    }
    if (intent === 'pay') {
      const parsed = parseForm(form, PayPlanSchema, t)
      if (!parsed.ok) return pageData(parsed.errors, t, (errors) => ({ errors }))
      const { confirmationUrl } = await payPlan(deps, user.id, parsed.value)
      return redirect(confirmationUrl)
    }
    if (intent === 'cancelAutoRenew') {
      await cancelAutoRenew(deps, user.id)
      return redirect('/tariff?done=autoRenewCanceled')
    }
    if (intent === 'chooseRenewal') {
      const parsed = parseForm(form, RenewalSchema, t)
      if (!parsed.ok) return pageData(parsed.errors, t, (errors) => ({ errors }))
      await chooseRenewal(deps, user.id, parsed.value)
      return redirect('/tariff?done=renewalChosen')
    }
  } catch (error) {
    return pageData(refusalOf(error), t, (errors) => ({ errors }))
  }
  throw new Response(null, { status: 400 })
}

/** The wallet page's form: a Fasties code credited at once. */
export async function walletPageAction(db: Db, env: AppEnv, user: SessionUser, request: Request, language: Language) {
  const t = getT(language)
  const form = await request.formData()
  const deps = { db, env, now: Date.now(), provider: paymentProvider(db, env) }
  const parsed = parseForm(form, PromoSchema, t)
  if (!parsed.ok) return pageData(parsed.errors, t, (errors) => ({ credited: null, errors }))
  try {
    const { credited } = await redeemFastiesCode(deps, user.id, parsed.value.promoCode)
    return { credited, errors: null }
  } catch (error) {
    return pageData(refusalOf(error), t, (errors) => ({ credited: null, errors }))
  }
}
