import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Field, type FieldProps } from '#app/components/ui/field.tsx'
import { useErrorText } from './auth-layout.tsx'

type InputType = 'text' | 'email' | 'password' | 'tel' | 'url' | 'number'

export type ConformFieldProps = Omit<FieldProps, 'errors' | 'name' | 'type' | 'id' | 'defaultValue' | 'form'> & {
  // biome-ignore lint/suspicious/noExplicitAny: any schema's string field fits
  meta: FieldMetadata<string, any, string[]>
  type: InputType
}

/** A labelled input bound to a conform field: its name, id, value, constraints and translated errors. */
export function ConformField({ meta, type, ...rest }: ConformFieldProps) {
  const errorText = useErrorText()
  return <Field errors={errorText(meta.errors)} {...getInputProps(meta, { type })} key={meta.key} {...rest} />
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
