import { getFormProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, data, redirect } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useErrorText } from '#app/components/accounts/auth-layout.tsx'
import { ConformField, NameFields, NewPasswordFields } from '#app/components/accounts/conform-field.tsx'
import { Avatar } from '#app/components/accounts/avatar.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmButton } from '#app/components/ui/confirm-dialog.tsx'
import { Field, FormErrors, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import { AVATAR_EXTENSIONS, ChangePasswordFormSchema, ProfileSchema } from '#app/domain/accounts/rules.ts'
import { listTimeZones } from '#app/domain/time-zones/time-zones.ts'
import { languageCookie } from '#app/i18n/i18n.server.ts'
import { issueMessages } from '#app/i18n/zod-errors.ts'
import {
  changePassword,
  deleteAccount,
  deleteAvatar,
  profileView,
  setAvatar,
  updateProfile,
} from '#app/server/accounts/profile.server.ts'
import { accountSubmission, pageDeps, replyWithErrors } from '#app/server/accounts/route.server.ts'
import { refusalKey, refusalStatus } from '#app/domain/refusal.ts'
import { attempt } from '#app/server/refusal.server.ts'
import { destroyWebSession, requireUser, sessionTokenHash } from '#app/server/auth/session.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const meta = titleMeta

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { deps, t, language } = await pageDeps(request, context)
  const user = await requireUser(deps.db, request)
  return {
    title: t('accounts:profile.title'),
    profile: profileView(user),
    hasPassword: user.passwordHash !== null,
    timeZones: listTimeZones(language, deps.now, user.timeZone).map((zone) => ({
      value: zone.ianaId,
      label: zone.displayName,
    })),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const user = await requireUser(deps.db, request)
  const formData = await request.formData()
  const intent = formData.get('intent')

  if (intent === 'profile') {
    const submission = accountSubmission(formData, ProfileSchema, t)
    if (submission.status !== 'success')
      return data({ intent, result: replyWithErrors(submission, t) }, { status: 400 })
    await updateProfile(deps.db, user.id, submission.value)
    // The interface follows the profile's language (SPEC §4 "Auth start").
    return data(
      { intent, result: submission.reply() },
      { headers: { 'Set-Cookie': await languageCookie.serialize(submission.value.culture) } },
    )
  }
  if (intent === 'password') {
    const submission = accountSubmission(formData, ChangePasswordFormSchema, t)
    const hideFields = ['oldPassword', 'password', 'passwordRepeat']
    if (submission.status !== 'success')
      return data({ intent, result: replyWithErrors(submission, t, undefined, { hideFields }) }, { status: 400 })
    // This device stays signed in; every other session and API refresh token ends.
    const keepSessionHash = await sessionTokenHash(request)
    const done = await attempt(() =>
      changePassword(deps.db, user, submission.value, { keepSessionHash, now: deps.now }),
    )
    if (!done.ok)
      return data(
        { intent, result: replyWithErrors(submission, t, done.refusal, { hideFields }) },
        { status: refusalStatus(done.refusal) },
      )
    return { intent, result: submission.reply({ resetForm: true }) }
  }
  if (intent === 'avatar') {
    const file = formData.get('avatar')
    const done = file instanceof File ? await attempt(() => setAvatar(deps.db, deps.avatars, user, file)) : null
    if (!done?.ok) {
      const key = done && !done.ok ? refusalKey(done.refusal) : 'accounts:avatar.required'
      return data({ intent, result: null, avatarError: t(key) as string }, { status: 400 })
    }
    return { intent, result: null, avatarError: null }
  }
  if (intent === 'deleteAvatar') {
    await deleteAvatar(deps.db, deps.avatars, user)
    return { intent, result: null }
  }
  if (intent === 'delete') {
    await deleteAccount(deps.db, deps.avatars, user)
    throw redirect('/', { headers: { 'Set-Cookie': await destroyWebSession(deps.db, request) } })
  }
  throw new Response(null, { status: 400 })
}

/** `/profile` (SPEC §2): greeting, avatar, names, description, time zone, language, password, deletion. */
export default function Profile() {
  const { t } = useTranslation()
  const { profile, timeZones, hasPassword } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const errorText = useErrorText()
  const [searchParams] = useSearchParams()
  // The notification center's changePassword action (SPEC §3) opens the page with the dialog open.
  const [passwordOpen, setPasswordOpen] = useState(() => searchParams.get('changePassword') === '1')
  const busyIntent = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined)

  const [profileForm, fields] = useForm({
    id: 'profile',
    lastResult: resultFor('profile'),
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      description: profile.description,
      ianaTimeZoneId: profile.ianaTimeZoneId,
      culture: profile.culture,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema, formatError: issueMessages(t) }),
    shouldValidate: 'onBlur',
  })
  const [passwordForm, passwordFields] = useForm({
    id: 'password',
    lastResult: resultFor('password'),
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: ChangePasswordFormSchema, formatError: issueMessages(t) }),
    shouldValidate: 'onBlur',
  })
  const avatarError = actionData && 'avatarError' in actionData ? actionData.avatarError : null

  useEffect(() => {
    if (navigation.state !== 'idle' || !actionData) return
    if (actionData.intent === 'password' && actionData.result?.status !== 'error') {
      setPasswordOpen(false)
      showToast(t('accounts:profile.passwordChanged'), { kind: 'success' })
    }
    if (actionData.intent === 'profile' && actionData.result?.status !== 'error')
      showToast(t('accounts:profile.saved'), { kind: 'success' })
    if (actionData.intent === 'avatar' && !('avatarError' in actionData && actionData.avatarError))
      showToast(t('accounts:profile.photoSaved'), { kind: 'success' })
  }, [actionData, navigation.state, t])

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-testid="profile-page">
      <h1 className="text-2xl font-semibold">{t('accounts:profile.greeting', { name: profile.firstName })}</h1>

      <section className="card flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
        <Avatar user={profile} size={96} />
        <div className="flex flex-1 flex-col gap-3">
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2" data-testid="avatar-form">
            <input type="hidden" name="intent" value="avatar" />
            <Field
              label={t('accounts:fields.avatar')}
              hint={t('accounts:profile.avatarHint')}
              errors={avatarError ? [avatarError] : null}
              type="file"
              name="avatar"
              accept={AVATAR_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
              required
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="secondary" loading={busyIntent === 'avatar'}>
                {t('accounts:profile.upload')}
              </Button>
            </div>
          </Form>
          {profile.imageUrl ? (
            <Form method="post">
              <Button
                type="submit"
                name="intent"
                value="deleteAvatar"
                variant="ghost"
                loading={busyIntent === 'deleteAvatar'}
              >
                {t('accounts:profile.removeAvatar')}
              </Button>
            </Form>
          ) : null}
        </div>
      </section>

      <section className="card p-6">
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{t('accounts:fields.login')}</dt>
          <dd data-testid="profile-login">{profile.login}</dd>
          <dt className="text-muted">{t('accounts:fields.email')}</dt>
          <dd>{profile.email}</dd>
        </dl>
        <Form method="post" {...getFormProps(profileForm)} className="flex flex-col gap-4" data-testid="profile-form">
          <input type="hidden" name="intent" value="profile" />
          <FormErrors errors={errorText(profileForm.errors)} />
          <NameFields firstName={fields.firstName} lastName={fields.lastName} />
          <TextareaField
            label={t('accounts:fields.description')}
            errors={errorText(fields.description.errors)}
            {...getTextareaProps(fields.description)}
            key={fields.description.key}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('accounts:fields.timeZone')}
              errors={errorText(fields.ianaTimeZoneId.errors)}
              options={timeZones}
              {...getSelectProps(fields.ianaTimeZoneId)}
              key={fields.ianaTimeZoneId.key}
            />
            <SelectField
              label={t('accounts:fields.culture')}
              errors={errorText(fields.culture.errors)}
              options={[
                { value: 'ru', label: 'Русский' },
                { value: 'en', label: 'English' },
              ]}
              {...getSelectProps(fields.culture)}
              key={fields.culture.key}
            />
          </div>
          <div>
            <Button type="submit" loading={busyIntent === 'profile'}>
              {t('accounts:profile.save')}
            </Button>
          </div>
        </Form>
      </section>

      <section className="card flex flex-col gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-semibold">{t('accounts:profile.apiTitle')}</h2>
          <p className="text-sm text-muted">{t('accounts:profile.apiLead')}</p>
        </div>
        <Link to="/profile/api" className="btn-secondary" data-testid="profile-api-link">
          {t('accounts:profile.apiOpen')}
        </Link>
      </section>

      <section className="card flex flex-col gap-3 p-6 sm:flex-row sm:justify-between">
        {hasPassword ? (
          <Button variant="secondary" onClick={() => setPasswordOpen(true)} data-testid="change-password">
            {t('accounts:profile.changePassword')}
          </Button>
        ) : (
          <span />
        )}
        <ConfirmButton
          texts="accounts:profile.delete"
          label={t('accounts:profile.deleteAccount')}
          variant="danger"
          testId="delete-account"
          form={{ action: '/profile', fields: { intent: 'delete' } }}
        />
      </section>

      <Modal open={passwordOpen} onClose={() => setPasswordOpen(false)} title={t('accounts:profile.changePassword')}>
        <Form method="post" {...getFormProps(passwordForm)} className="flex flex-col gap-4" data-testid="password-form">
          <input type="hidden" name="intent" value="password" />
          <FormErrors errors={errorText(passwordForm.errors)} />
          <ConformField
            meta={passwordFields.oldPassword}
            type="password"
            label={t('accounts:fields.oldPassword')}
            autoComplete="current-password"
          />
          <NewPasswordFields password={passwordFields.password} passwordRepeat={passwordFields.passwordRepeat} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setPasswordOpen(false)}>
              {t('ui.cancel')}
            </Button>
            <Button type="submit" loading={busyIntent === 'password'}>
              {t('accounts:profile.savePassword')}
            </Button>
          </div>
        </Form>
      </Modal>
    </div>
  )
}
