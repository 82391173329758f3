import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { type ReactNode, createContext, useContext, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, type FieldProps } from '#app/components/ui/field.tsx'
import { useErrorText } from './auth-layout.tsx'

type InputType = 'text' | 'email' | 'password' | 'tel' | 'url' | 'number'

export type ConformFieldProps = Omit<FieldProps, 'errors' | 'name' | 'type' | 'id' | 'defaultValue' | 'form'> & {
  // biome-ignore lint/suspicious/noExplicitAny: any schema's string field fits
  meta: FieldMetadata<string, any, string[]>
  type: InputType
}

/** Whether a pointer is pressed inside the form (see `PressSteadyErrors`). */
const PressedContext = createContext(false)

/**
 * Keeps the form's field messages where they are while a pointer is pressed inside it, and shows the new ones once the
 * press ends (issue 18): a message that appears when a field loses focus would otherwise push down the control being
 * clicked (the sign-up agreement's checkbox click was lost, the message moving it away between press and release).
 */
export function PressSteadyErrors({ children }: { children: ReactNode }) {
  const [pressed, setPressed] = useState(false)
  const press = () => {
    setPressed(true)
    // Listened for at once (an effect could run after a quick release); the release shows the new messages after
    // the click that ends the press (dispatched right after pointerup), so the layout moves only then.
    const release = () => {
      window.removeEventListener('pointerup', release, true)
      window.removeEventListener('pointercancel', release, true)
      setTimeout(() => setPressed(false), 0)
    }
    window.addEventListener('pointerup', release, true)
    window.addEventListener('pointercancel', release, true)
  }
  return (
    <PressedContext.Provider value={pressed}>
      <div className="contents" onPointerDownCapture={press}>
        {children}
      </div>
    </PressedContext.Provider>
  )
}

/** A labelled input bound to a conform field: its name, id, value, constraints and translated errors. */
export function ConformField({ meta, type, ...rest }: ConformFieldProps) {
  const errorText = useErrorText()
  const pressed = useContext(PressedContext)
  const shown = useRef(meta.errors)
  if (!pressed) shown.current = meta.errors
  return <Field errors={errorText(shown.current)} {...getInputProps(meta, { type })} key={meta.key} {...rest} />
}

/** The "new password" and "repeat" pair of sign-up, restore and the profile's password change. */
export function NewPasswordFields({
  password,
  passwordRepeat,
  label,
}: {
  password: ConformFieldProps['meta']
  passwordRepeat: ConformFieldProps['meta']
  label?: string
}) {
  const { t } = useTranslation()
  return (
    <>
      <ConformField
        meta={password}
        type="password"
        label={label ?? t('accounts:fields.newPassword')}
        hint={t('accounts:signup.passwordHint')}
        autoComplete="new-password"
      />
      <ConformField
        meta={passwordRepeat}
        type="password"
        label={t('accounts:fields.passwordRepeat')}
        autoComplete="new-password"
      />
    </>
  )
}

/** The first and last name side by side from `sm` (sign-up, the profile). */
export function NameFields({
  firstName,
  lastName,
}: {
  firstName: ConformFieldProps['meta']
  lastName: ConformFieldProps['meta']
}) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ConformField meta={firstName} type="text" label={t('accounts:fields.firstName')} autoComplete="given-name" />
      <ConformField meta={lastName} type="text" label={t('accounts:fields.lastName')} autoComplete="family-name" />
    </div>
  )
}
