import { type InputHTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isHm, isIsoDate, isoToDmy, readTypedDate, readTypedTime } from '#app/domain/time/index.ts'
import { CONTROL, FieldFrame, controlAttributes, useFieldIds } from './field.tsx'

/**
 * The app's date and time inputs: they read the same in every browser, `DD.MM.YYYY` and 24-hour `HH:mm` (SPEC §5
 * "shown DD.MM.YYYY"). Native `<input type=date|time>` follow the browser's locale instead of the interface
 * language (mm/dd/yyyy and 09:00 AM in an English browser); the date keeps the native calendar behind a button.
 * With a `name` they post the text as typed, so a form works without script; its server reads the text with the
 * same lenient reading (app/domain/time/typed.ts, typed-fields.ts).
 */

type TimeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string
  onChange: (value: string) => void
}

/**
 * A bare 24-hour `HH:mm` text input (label it with `aria-label` or use `TimeField`). A complete time reaches
 * `onChange` as it is typed; anything else on leaving the field, read leniently (`930` -> `09:30`) or left as
 * typed for the validation rule to name.
 */
export function TimeInput({ value, onChange, className, onBlur, ...input }: TimeInputProps) {
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="09:00"
      maxLength={5}
      size={5}
      {...input}
      className={className}
      value={text}
      onChange={(event) => {
        setText(event.target.value)
        if (isHm(event.target.value)) onChange(event.target.value)
      }}
      onBlur={(event) => {
        const time = readTypedTime(text)
        if (time) setText(time)
        onChange(time ?? text)
        onBlur?.(event)
      }}
    />
  )
}

type TimeFieldProps = {
  label: ReactNode
  /** `HH:mm`, or the text as typed when it is no time. */
  value: string
  onChange: (value: string) => void
  /** The form field's name: the text is posted as typed. */
  name?: string
  errors?: readonly (string | undefined)[] | null
  hint?: ReactNode
  required?: boolean
  id?: string
  className?: string
}

/** A labelled 24-hour `HH:mm` field with its hint and errors, like `Field`. */
export function TimeField({ label, value, onChange, name, errors, hint, required, id, className }: TimeFieldProps) {
  const ids = useFieldIds(id, errors, hint)
  return (
    <FieldFrame label={label} hint={hint} className={className} {...ids}>
      <TimeInput
        {...controlAttributes(ids, `${CONTROL} tabular-nums`)}
        name={name}
        required={required}
        value={value}
        onChange={onChange}
      />
    </FieldFrame>
  )
}

export type DateFieldProps = {
  label: string
  /**
   * Controlled: `YYYY-MM-DD` when a valid date is set, else the text as typed (for the validation rule to name).
   * Leave it out and give `defaultValue` (same form) for a field the form alone reads, such as a GET filter.
   */
  value?: string
  defaultValue?: string
  onChange?: (value: string) => void
  /** The form field's name: the text is posted as `DD.MM.YYYY`, so the form works without JavaScript too. */
  name?: string
  /** `YYYY-MM-DD` bounds of the calendar. */
  min?: string
  max?: string
  errors?: readonly (string | undefined)[] | null
  hint?: ReactNode
  required?: boolean
  id?: string
  className?: string
}

/** A labelled `DD.MM.YYYY` date field with a button that opens the browser's calendar. */
export function DateField({
  label,
  value,
  defaultValue,
  onChange,
  name,
  min,
  max,
  errors,
  hint,
  required,
  id,
  className,
}: DateFieldProps) {
  const { t } = useTranslation()
  const ids = useFieldIds(id, errors, hint)
  const picker = useRef<HTMLInputElement>(null)
  const [own, setOwn] = useState(defaultValue ?? '')
  useEffect(() => setOwn(defaultValue ?? ''), [defaultValue])
  const current = value ?? own
  const change = (next: string) => {
    if (value === undefined) setOwn(next)
    onChange?.(next)
  }
  const shown = isIsoDate(current) ? isoToDmy(current) : current
  const [text, setText] = useState(shown)
  useEffect(() => setText(shown), [shown])
  return (
    <FieldFrame label={label} hint={hint} className={className} {...ids}>
      <div className="relative">
        <input
          {...controlAttributes(ids, `${CONTROL} pr-11 tabular-nums`)}
          type="text"
          name={name}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('common:dateInput.placeholder')}
          maxLength={10}
          required={required}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            const date = /^\d{2}\.\d{2}\.\d{4}$/.test(event.target.value) ? readTypedDate(event.target.value) : null
            change(date ?? event.target.value)
          }}
          onBlur={() => {
            const date = readTypedDate(text)
            if (date) setText(isoToDmy(date))
            change(date ?? text)
          }}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted hover:text-ink"
          aria-label={t('common:dateInput.openCalendar', { label })}
          onClick={() => {
            const input = picker.current
            if (!input) return
            try {
              input.showPicker()
            } catch {
              input.focus()
            }
          }}
        >
          <svg
            viewBox="0 0 20 20"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            aria-hidden="true"
          >
            <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
            <path d="M3 8.5h14M7 3v3M13 3v3" />
          </svg>
        </button>
        {/* The browser's calendar, opened by the button; its own text (in the browser's locale) is never shown. */}
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
          min={min}
          max={max}
          value={isIsoDate(current) ? current : ''}
          onChange={(event) => {
            if (isIsoDate(event.target.value)) change(event.target.value)
          }}
        />
      </div>
    </FieldFrame>
  )
}
