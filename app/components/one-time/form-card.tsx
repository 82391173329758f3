import type { ReactNode } from 'react'

/** A card of the one-time meeting form: a fieldset named for screen readers, with the same name as its heading. */
export function FormCard({
  title,
  className = 'card space-y-4 p-5',
  titleClassName = 'text-lg font-semibold',
  children,
}: {
  title: string
  className?: string
  titleClassName?: string
  children: ReactNode
}) {
  return (
    <fieldset className={className}>
      <legend className="sr-only">{title}</legend>
      <h2 className={titleClassName}>{title}</h2>
      {children}
    </fieldset>
  )
}
