import { type InputHTMLAttributes, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { readTypedDate, readTypedTime } from '#app/domain/schedules/typed-values.ts'
import { isHm, isIsoDate, isoToDmy } from '#app/domain/time/index.ts'

/**
 * Date and time inputs that read the same in every browser: `DD.MM.YYYY` and 24-hour `HH:mm` (SPEC §5 "shown
 * DD.MM.YYYY"). Native `<input type=date|time>` follow the browser's locale instead of the interface language
 * (mm/dd/yyyy and 09:00 AM in an English browser); the date keeps the native calendar behind a button.
 */

const CONTROL =
  'w-full rounded-lg border bg-card px-3 py-2.5 text-sm text-ink placeholder:text-muted focus:border-primary focus:outline-none'

type TimeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string
  onChange: (value: string) => void
}

/**
 * A 24-hour `HH:mm` text input. A complete time reaches `onChange` as it is typed; anything else on leaving the
 * field, read leniently (`930` -> `09:30`) or left as typed for the validation rule to name.
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

type DateFieldProps = {
  label: string
  /** `YYYY-MM-DD` when a valid date is set, else the text as typed (for the validation rule to name). */
  value: string
  onChange: (value: string) => void
  /** The form field's name: the text is posted as `DD.MM.YYYY`, so the form works without JavaScript too. */
  name?: string
  min?: string
  max?: string
  errors?: readonly (string | undefined)[]
  className?: string
}

/** A labelled `DD.MM.YYYY` date field with a button that opens the browser's calendar. */
export function DateField({ label, value, onChange, name, min, max, errors, className }: DateFieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const picker = useRef<HTMLInputElement>(null)
  const shown = isIsoDate(value) ? isoToDmy(value) : value
  const [text, setText] = useState(shown)
  useEffect(() => setText(shown), [shown])
  const messages = (errors ?? []).filter((message): message is string => Boolean(message))
  const errorId = messages.length > 0 ? `${id}-error` : undefined
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          name={name}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('schedules:dateInput.placeholder')}
          maxLength={10}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className={`${CONTROL} pr-11 ${errorId ? 'border-error' : 'border-line'}`}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            const date = /^\d{2}\.\d{2}\.\d{4}$/.test(event.target.value) ? readTypedDate(event.target.value) : null
            onChange(date ?? event.target.value)
          }}
          onBlur={() => {
            const date = readTypedDate(text)
            if (date) setText(isoToDmy(date))
            onChange(date ?? text)
          }}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted hover:text-ink"
          aria-label={t('schedules:dateInput.openCalendar', { label })}
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
          value={isIsoDate(value) ? value : ''}
          onChange={(event) => {
            if (isIsoDate(event.target.value)) onChange(event.target.value)
          }}
        />
      </div>
      {errorId ? (
        <div id={errorId} className="text-xs text-error" role="alert">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
    </div>
  )
}
