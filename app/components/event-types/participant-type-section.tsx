import { useTranslation } from 'react-i18next'
import { defaultSeats } from '#app/domain/event-types/schema.ts'
import { capabilityForParticipantType, cheapestPlanWith } from '#app/domain/plans.ts'
import { PlanBadge, Section, type SectionProps } from './form-parts.tsx'
import { ParticipantIcon } from './participant-icon.tsx'
import { PARTICIPANT_TYPE_ORDER } from './pickers.tsx'

/** The event type's kind (SPEC §2): a card per participant type; the ones the plan lacks carry their plan's badge. */
export function ParticipantTypeSection({ values, set, locked, onLocked }: Omit<SectionProps, 'error'>) {
  const { t } = useTranslation()
  return (
    <Section title={t('eventTypes:form.type')} testId="section-type">
      <div className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-label={t('eventTypes:form.type')}>
        {PARTICIPANT_TYPE_ORDER.map((type) => {
          const capability = capabilityForParticipantType(type)
          const isLocked = capability !== null && locked(capability)
          return (
            <label
              key={type}
              className={`flex cursor-pointer flex-col gap-1 rounded-xl border p-4 ${values.participantType === type ? 'border-primary bg-primary-soft' : 'border-line'}`}
            >
              <span className="flex items-center gap-2 font-medium">
                <input
                  type="radio"
                  name="participantType"
                  value={type}
                  aria-label={t(`eventTypes:participantTypes.${type}`)}
                  checked={values.participantType === type}
                  onChange={() => {
                    if (isLocked && capability) return onLocked(capability)
                    const seats = defaultSeats(type)
                    set({
                      participantType: type,
                      minSeats: String(seats.minSeats),
                      totalSeats: String(seats.totalSeats),
                    })
                  }}
                />
                <ParticipantIcon type={type} />
                {t(`eventTypes:participantTypes.${type}`)}
                {isLocked && capability ? (
                  <PlanBadge plan={cheapestPlanWith(capability)} onClick={() => onLocked(capability)} />
                ) : null}
              </span>
              <span className="text-sm text-muted">{t(`eventTypes:participantHints.${type}`)}</span>
            </label>
          )
        })}
      </div>
    </Section>
  )
}
