import { useTranslation } from 'react-i18next'
import { Field, TextareaField } from '#app/components/ui/field.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import { linkFromName, normalizeLink } from '#app/domain/event-types/link.ts'
import { Section, type SectionProps, UniqueMark, sectionText } from './form-parts.tsx'
import { ColorPicker } from './pickers.tsx'
import { useUniqueCheck } from './use-unique-check.ts'

/** Name and link (each checked for uniqueness as typed, SPEC §4), description and colour. */
export function BaseSection({
  values,
  set,
  error,
  eventTypeId,
  linkFollowsName,
  onLinkTouched,
}: Pick<SectionProps, 'values' | 'set' | 'error'> & {
  eventTypeId?: string
  /** Whether the link still follows the name (a new event type whose link was not touched). */
  linkFollowsName: boolean
  onLinkTouched: () => void
}) {
  const { t } = useTranslation()
  const text = sectionText({ values, set, error })
  return (
    <Section title={t('eventTypes:form.base')} testId="section-base">
      <UniqueField
        field="name"
        value={values.name}
        eventTypeId={eventTypeId}
        error={error('name')}
        onChange={(name) => set(linkFollowsName ? { name, link: linkFromName(name) } : { name })}
      />
      <UniqueField
        field="link"
        value={values.link}
        eventTypeId={eventTypeId}
        error={error('link')}
        hint={t('eventTypes:form.linkHint')}
        onChange={(typed) => {
          const normalized = normalizeLink(typed)
          if (normalized.removedNonLatin)
            showToast(t('eventTypes:errors.latinOnly'), { kind: 'error', key: 'eventTypes:latinOnly' })
          onLinkTouched()
          set({ link: normalized.link })
        }}
      />
      <TextareaField label={t('eventTypes:form.description')} {...text('description')} maxLength={1500} />
      <ColorPicker value={values.color} onChange={(color) => set({ color })} error={error('color')} />
    </Section>
  )
}

/** The name or the link, checked for uniqueness as typed: the server's text first, else the check's (SPEC §4). */
function UniqueField({
  field,
  value,
  eventTypeId,
  error,
  hint,
  onChange,
}: {
  field: 'name' | 'link'
  value: string
  eventTypeId?: string
  error?: string
  hint?: string
  onChange: (value: string) => void
}) {
  const { t } = useTranslation()
  const check = useUniqueCheck(field, value, eventTypeId)
  return (
    <div className="flex items-end gap-2">
      <Field
        className="flex-1"
        label={t(`eventTypes:form.${field}`)}
        name={field}
        value={value}
        maxLength={200}
        hint={hint}
        errors={[error ?? (check.status === 'taken' ? (check.message ?? undefined) : undefined)]}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className={hint ? 'pb-9' : 'pb-3'}>
        <UniqueMark state={check} testId={`${field}-check`} />
      </span>
    </div>
  )
}
