import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'

type Common = {
  label: ReactNode
  /** Error texts, already translated; shown under the control and linked by `aria-describedby`. */
  errors?: readonly (string | undefined)[] | null
  hint?: ReactNode
  className?: string
}

/** The look of every text control of the design system. */
export const CONTROL =
  'w-full rounded-lg border bg-card px-3 py-2.5 text-sm text-ink placeholder:text-muted focus:border-primary focus:outline-none'

/** A control's id (given or generated) and the ids of its hint and errors for `aria-describedby`. */
export function useFieldIds(id: string | undefined, errors: Common['errors'], hint: ReactNode) {
  const fallback = useId()
  const controlId = id ?? fallback
  const shown = (errors ?? []).filter((text): text is string => Boolean(text))
  const errorId = shown.length > 0 ? `${controlId}-error` : undefined
  const hintId = hint ? `${controlId}-hint` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return { controlId, shown, errorId, hintId, describedBy }
}

/** A control's error texts under it (`id` is what its `aria-describedby` names); nothing without errors. */
function ErrorTexts({ id, texts }: { id?: string; texts: string[] }) {
  if (!id) return null
  return (
    <div id={id} className="text-xs text-error" role="alert">
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  )
}

/** The label above a control, its hint and its errors below. */
export function FieldFrame({
  controlId,
  label,
  hint,
  hintId,
  shown,
  errorId,
  className,
  children,
}: {
  controlId: string
  label: ReactNode
  hint: ReactNode
  hintId?: string
  shown: string[]
  errorId?: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <label htmlFor={controlId} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorTexts id={errorId} texts={shown} />
    </div>
  )
}

/** The attributes every framed control gets: its id, its invalid state and what describes it, and its look. */
export function controlAttributes(ids: ReturnType<typeof useFieldIds>, look = CONTROL) {
  return {
    id: ids.controlId,
    'aria-invalid': ids.errorId ? true : undefined,
    'aria-describedby': ids.describedBy,
    className: `${look} ${ids.errorId ? 'border-error' : 'border-line'}`,
  }
}

/** A control in its frame (label, hint, errors); `control` draws it with the attributes that tie it to the frame. */
function FramedControl({
  label,
  errors,
  hint,
  className,
  id,
  control,
}: Common & { id?: string; control: (ids: ReturnType<typeof useFieldIds>) => ReactNode }) {
  const ids = useFieldIds(id, errors, hint)
  return (
    <FieldFrame label={label} hint={hint} className={className} {...ids}>
      {control(ids)}
    </FieldFrame>
  )
}

export type FieldProps = Common & InputHTMLAttributes<HTMLInputElement>

/** A labelled input with its hint and errors. */
export function Field({ label, errors, hint, className, id, ...input }: FieldProps) {
  const frame = { label, errors, hint, className, id }
  return <FramedControl {...frame} control={(ids) => <input {...controlAttributes(ids)} {...input} />} />
}

export type TextareaFieldProps = Common & TextareaHTMLAttributes<HTMLTextAreaElement>

export function TextareaField({ label, errors, hint, className, id, ...textarea }: TextareaFieldProps) {
  const frame = { label, errors, hint, className, id }
  return (
    <FramedControl
      {...frame}
      control={(ids) => <textarea {...controlAttributes(ids, `${CONTROL} min-h-24`)} {...textarea} />}
    />
  )
}

export type SelectFieldProps = Common &
  SelectHTMLAttributes<HTMLSelectElement> & { options: readonly { value: string; label: string }[] }

export function SelectField({ label, errors, hint, className, id, options, ...select }: SelectFieldProps) {
  const frame = { label, errors, hint, className, id }
  return (
    <FramedControl
      {...frame}
      control={(ids) => (
        <select {...controlAttributes(ids)} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  )
}

export type CheckboxFieldProps = Omit<Common, 'hint'> & InputHTMLAttributes<HTMLInputElement>

/** A checkbox with its label to the right and errors underneath. */
export function CheckboxField({ label, errors, className, id, ...input }: CheckboxFieldProps) {
  const ids = useFieldIds(id, errors, null)
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <div className="flex items-start gap-2">
        <input
          type="checkbox"
          id={ids.controlId}
          aria-invalid={ids.errorId ? true : undefined}
          aria-describedby={ids.describedBy}
          className="mt-0.5 size-4 accent-[var(--color-primary)]"
          {...input}
        />
        <label htmlFor={ids.controlId} className="text-sm text-ink">
          {label}
        </label>
      </div>
      <ErrorTexts id={ids.errorId} texts={ids.shown} />
    </div>
  )
}

/** Errors of a whole form (not tied to one field); `padding` for a roomier box (a page action's, above a card). */
export function FormErrors({
  errors,
  id,
  testId,
  padding = 'px-3 py-2',
}: {
  errors?: readonly (string | undefined)[] | null
  id?: string
  testId?: string
  padding?: string
}) {
  const shown = (errors ?? []).filter((text): text is string => Boolean(text))
  if (shown.length === 0) return null
  return (
    <div
      id={id}
      role="alert"
      className={`rounded-lg border border-error bg-error-soft ${padding} text-sm text-error`}
      data-testid={testId}
    >
      {shown.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  )
}

/** A row of radios under a legend, one per option; `onChange` gets the chosen value. */
export function RadioChoices<T extends string>({
  legend,
  legendClassName = 'mb-2 text-sm font-medium',
  name,
  value,
  options,
  onChange,
}: {
  legend: ReactNode
  legendClassName?: string
  name: string
  value: T
  options: readonly { value: T; label: ReactNode }[]
  onChange: (value: T) => void
}) {
  return (
    <fieldset className="flex flex-wrap gap-4">
      <legend className={legendClassName}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="accent-[var(--color-primary)]"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}
