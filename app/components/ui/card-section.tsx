import type { ReactNode } from 'react'

/** A card with its heading (`h2`) naming the section for assistive technology. */
export function CardSection({
  id,
  title,
  testId,
  children,
}: {
  /** The heading's id; the section is labelled by it. */
  id: string
  title: ReactNode
  testId?: string
  children: ReactNode
}) {
  return (
    <section className="card p-5" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}
