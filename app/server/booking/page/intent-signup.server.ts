/** The success view's sign-up form and code form (docs/decisions/0033-signup-after-booking.md). */
import { redirect } from '@remix-run/cloudflare'
import { AfterBookingCodeSchema, SignupFormSchema } from '#app/domain/accounts/rules.ts'
import { AFTER_BOOKING_HOME } from '#app/domain/booking/after-booking.ts'
import { refusalProblems } from '#app/domain/refusal.ts'
import { accountDeps } from '../../accounts/deps.server.ts'
import { resendSignupCode } from '../../accounts/email-confirm.server.ts'
import { signup } from '../../accounts/signup.server.ts'
import { signInAndRedirect } from '../../accounts/route.server.ts'
import { withGoals } from '../../analytics/goals.server.ts'
import { fieldTexts, parseForm } from '../../forms/parse.server.ts'
import { Refused, problemText } from '../../refusal.server.ts'
import { confirmAfterBooking } from '../after-booking.server.ts'
import type { IntentContext } from './action.server.ts'
import { type ActionAnswer, bookingOfEvent, keptParams } from './flow.server.ts'

/** `intent=signup|signupCode|signupResend`: the booking's guest makes an account with the booking's email. */
export async function signupIntent(c: IntentContext) {
  const { env, ctx, db, request, url, basePath, language, t, form, found, fail } = c
  const intent = c.intent as 'signup' | 'signupCode' | 'signupResend'
  const bookingId = url.searchParams.get('booking') ?? ''
  const participant = (await bookingOfEvent(db, bookingId, found))[0]?.participant
  if (!participant) return fail(404, t('booking:errors.bookingNotFound'))
  const deps = accountDeps(env, ctx, request, language)
  const email = participant.email
  const fields = ['login', 'firstName', 'lastName', 'code']
  const values = Object.fromEntries(fields.map((k) => [k, String(form.get(k) ?? '')]))
  const refused = (error: unknown) => {
    if (!(error instanceof Refused)) throw error
    const fieldErrors: Record<string, string> = {}
    const messages: string[] = []
    for (const problem of refusalProblems(error.refusal)) {
      const text = problemText(problem, t)
      if (problem.field && problem.field !== 'email' && problem.field !== 'bookingId')
        fieldErrors[problem.field] ??= text
      else messages.push(text)
    }
    const status = error.status === 429 ? 429 : 400
    return fail(status, messages.join(' ') || t('booking:event.form.fixErrors'), { fieldErrors, values })
  }
  try {
    if (intent === 'signupResend') {
      await resendSignupCode(deps, { email })
      return { intent, resent: true } satisfies ActionAnswer
    }
    if (intent === 'signupCode') {
      const code = parseForm(form, AfterBookingCodeSchema, t, { set: { email, bookingId } })
      if (!code.ok) return fail(400, t('booking:event.form.fixErrors'), { fieldErrors: fieldTexts(code.errors) })
      const { user } = await confirmAfterBooking(deps, code.value)
      return withGoals(
        request,
        await signInAndRedirect(deps, user, AFTER_BOOKING_HOME),
        'registrationAfterBooking',
        'codeConfirm',
      )
    }
    const parsed = parseForm(form, SignupFormSchema, t, { set: { email } })
    if (!parsed.ok)
      return fail(400, t('booking:event.form.fixErrors'), { fieldErrors: fieldTexts(parsed.errors), values })
    await signup(deps, parsed.value, { isConsentMailing: parsed.value.isConsentMailing ?? false })
    return redirect(`${basePath}${keptParams(url, { booking: bookingId, signup: 'code' })}`)
  } catch (error) {
    return refused(error)
  }
}
