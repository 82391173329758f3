import { useTranslation } from 'react-i18next'
import { Field } from './form-fields.tsx'

/**
 * The booking form's "add participants" step (SPEC §2, ADR 0105): a plain list of email fields, one more added by a
 * submit that re-renders the form (no script needed; the form's first, hidden submit books, so Enter still books). In a group event each companion takes a seat; in a one-seat
 * event they come as visitors.
 */
export function CompanionFields({
  group,
  typed,
  errors,
  max,
}: {
  group: boolean
  typed: string[]
  errors: Record<string, string>
  max: number
}) {
  const { t } = useTranslation()
  const fields = typed.length > 0 ? typed : ['']
  const open = typed.some((email) => email.trim() !== '') || typed.length > 1 || Object.keys(errors).length > 0
  return (
    <details className="rounded-lg border border-line p-3" open={open} data-testid="companions">
      <summary className="cursor-pointer text-sm font-medium">{t('booking:event.form.companions.title')}</summary>
      <div className="mt-3 grid gap-3">
        <p className="text-xs text-muted" id="companions-hint">
          {t(group ? 'booking:event.form.companions.hintGroup' : 'booking:event.form.companions.hintSingle')}
        </p>
        {errors.emails ? (
          <p className="text-xs text-error" role="alert" data-testid="error-emails">
            {errors.emails}
          </p>
        ) : null}
        {fields.map((email, i) => (
          <Field
            // The position is the field's identity: the list only grows at its end.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            prefix={`companion-${i}`}
            name="emails"
            type="email"
            autoComplete="off"
            label={t('booking:event.form.companions.label', { number: i + 1 })}
            required={false}
            value={email}
            error={errors[`emails.${i}`]}
          />
        ))}
        {fields.length < max ? (
          <button
            type="submit"
            name="addCompanion"
            value="1"
            formNoValidate
            className="btn-secondary justify-self-start"
            data-testid="add-companion"
          >
            {t('booking:event.form.companions.addOne')}
          </button>
        ) : null}
      </div>
    </details>
  )
}

/**
 * The login step (SPEC §2, ADR 0105): signed in, the form says whose details filled it; else a link to sign in that
 * returns to this form. In the widget's frame the session cookie (SameSite=Lax) is not sent, so the link opens the
 * booking page in a new tab, where the client signs in and finishes.
 */
export function SignInNote({
  client,
  loginUrl,
  inWidget,
}: {
  client: { email: string } | null
  loginUrl: string
  inWidget: boolean
}) {
  const { t } = useTranslation()
  if (client) {
    return (
      <p className="text-sm text-muted" data-testid="signed-in-as">
        {t('booking:event.form.login.signedInAs', { email: client.email })}
      </p>
    )
  }
  return (
    <p className="text-sm text-muted">
      {t('booking:event.form.login.hint')}{' '}
      <a
        href={loginUrl}
        className="text-primary underline"
        data-testid="form-sign-in"
        {...(inWidget ? { target: '_blank', rel: 'noopener' } : {})}
      >
        {t(inWidget ? 'booking:event.form.login.signInNewTab' : 'booking:event.form.login.signIn')}
      </a>
    </p>
  )
}
