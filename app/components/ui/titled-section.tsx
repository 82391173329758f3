import type { ReactNode } from 'react'

/** A page section named by its heading (`aria-labelledby`): the heading, then `children`. */
export function TitledSection({
  id,
  title,
  className,
  titleClassName = 'text-lg font-semibold',
  testId,
  children,
}: {
  /** The heading's id. */
  id: string
  title: ReactNode
  className?: string
  titleClassName?: string
  testId?: string
  children: ReactNode
}) {
  return (
    <section className={className} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  )
}
