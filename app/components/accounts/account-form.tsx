import { type FormMetadata, type SubmissionResult, getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { issueMessages } from '#app/i18n/zod-errors.ts'
import { FormErrors } from '#app/components/ui/field.tsx'
import { useErrorText } from './auth-layout.tsx'
import { PressSteadyErrors } from './conform-field.tsx'

// biome-ignore lint/suspicious/noExplicitAny: conform's own bound for a form's shape
type Shape = Record<string, any>

/**
 * An account page's conform form: validated in the browser with the same schema the action parses with, the
 * action's last answer shown on it.
 */
export function useAccountForm<S extends z.ZodType<Shape, Shape>>(
  schema: S,
  options: {
    lastResult: SubmissionResult<string[]> | null | undefined
    shouldValidate?: 'onSubmit' | 'onBlur' | 'onInput'
    shouldRevalidate?: 'onSubmit' | 'onBlur' | 'onInput'
    defaultValue?: Partial<z.input<S>>
  },
) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    ...options,
    defaultValue: options.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema, formatError: issueMessages(t) }) as never,
  })
  return { t, form, fields, navigation, submitting: navigation.state === 'submitting' }
}

/** The form of an account page: a plain POST (works without script) with the form's own errors on top. */
export function AccountForm<F extends Shape>({
  form,
  testId,
  steady = false,
  children,
}: {
  form: FormMetadata<F, string[]>
  testId: string
  /** Messages wait for a press to end before they move the layout (`PressSteadyErrors`). */
  steady?: boolean
  children: ReactNode
}) {
  const errorText = useErrorText()
  const content = (
    <>
      <FormErrors errors={errorText(form.errors)} id={form.errorId} />
      {children}
    </>
  )
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid={testId}>
      {steady ? <PressSteadyErrors>{content}</PressSteadyErrors> : content}
    </Form>
  )
}
