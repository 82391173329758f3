import { useTranslation } from 'react-i18next'

/** One person's head and shoulders, drawn at (x, 0) in a 24-unit-high box. */
function Person({ x }: { x: number }) {
  return (
    <>
      <circle cx={x + 6} cy="8" r="3.5" />
      <path d={`M${x} 20c0-3.6 2.7-6 6-6s6 2.4 6 6`} />
    </>
  )
}

/**
 * SPEC §2: the card's icon by participant type, drawn (emoji differ between systems and some have none): one
 * person for individual, two for group, and a dot for the other specialists of a collective event.
 */
export function ParticipantIcon({ type }: { type: string }) {
  const { t } = useTranslation()
  const group = type === 'GroupNotCollective' || type === 'GroupCollective'
  const collective = type === 'SimpleCollective' || type === 'GroupCollective'
  const width = (group ? 27 : 15) + (collective ? 7 : 0)
  return (
    <svg
      role="img"
      aria-label={t(`eventTypes:participantTypes.${type}`)}
      viewBox={`0 0 ${width} 24`}
      className="inline-block h-5 w-auto shrink-0 align-middle text-primary"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <Person x={1.5} />
      {group ? <Person x={13.5} /> : null}
      {collective ? <circle cx={width - 3.5} cy="5" r="2.5" fill="currentColor" stroke="none" /> : null}
    </svg>
  )
}
