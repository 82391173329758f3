import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ColorPicker, PlacePicker } from '#app/components/event-types/pickers.tsx'
import { PlanLimitModal } from '#app/components/event-types/plan-limit-modal.tsx'
import type { TelemostInfo } from '#app/components/event-types/telemost-option.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { textBinding } from '#app/components/ui/text-binding.ts'
import { type TemplateSource, chooseTemplate, clearTemplate } from '#app/domain/one-time/form.ts'
import { cheapestPlanWith } from '#app/domain/plans.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { OneTimeSectionProps } from './section-props.ts'
import { FormCard } from './form-card.tsx'

export type TemplateOption = { id: string; name: string; source: TemplateSource }

/**
 * What the meeting is: a template to start from (an event type or an earlier meeting, SPEC §4), name, description,
 * place and colour. Without script choosing a template takes a submit ("Apply").
 */
export function AboutSection({
  values,
  set,
  fe,
  replace,
  templates,
  videoLinksLocked,
  telemost,
  returnTo,
}: OneTimeSectionProps & {
  /** Replaces all the values (a template fills many fields). */
  replace: (update: (previous: OneTimeSectionProps['values']) => OneTimeSectionProps['values']) => void
  templates: TemplateOption[]
  /** "A Telemost link for each meeting" needs a higher plan. */
  videoLinksLocked: boolean
  telemost: TelemostInfo
  /** Where connecting Telemost without script returns. */
  returnTo: string
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [videoLimitOpen, setVideoLimitOpen] = useState(false)
  const text = textBinding({ values, set, errors: fe })
  const pickTemplate = (id: string) => {
    const template = templates.find((item) => item.id === id)
    replace((previous) => (template ? chooseTemplate(previous, id, template.source) : clearTemplate(previous)))
  }
  return (
    <FormCard title={t('oneTime:create.templateTitle')}>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          className="min-w-0 flex-1"
          label={t('oneTime:create.template')}
          name="template"
          value={values.template}
          onChange={(e) => pickTemplate(e.target.value)}
          options={[
            { value: '', label: t('oneTime:create.templateNew') },
            ...templates.map((item) => ({ value: item.id, label: item.name })),
          ]}
          hint={t('oneTime:create.templateHint')}
        />
        {hydrated ? null : (
          <Button type="submit" variant="secondary" name="intent" value="template">
            {t('oneTime:create.applyTemplate')}
          </Button>
        )}
      </div>
      <Field label={t('eventTypes:form.name')} {...text('name')} maxLength={200} required />
      <TextareaField label={t('eventTypes:form.description')} {...text('description')} rows={3} maxLength={1500} />
      <PlacePicker
        name="type"
        legendShown
        values={{ ...values, place: values.type }}
        onPlace={(type) => set({ type })}
        onChange={set}
        videoLocked={videoLinksLocked}
        onVideoLocked={() => setVideoLimitOpen(true)}
        telemost={telemost}
        returnTo={returnTo}
        errors={{ meetingPoint: fe('meetingPoint')?.[0], videoLinkService: fe('videoLinkService')?.[0] }}
      />
      <PlanLimitModal
        open={videoLimitOpen}
        onClose={() => setVideoLimitOpen(false)}
        availableFrom={cheapestPlanWith('videoMeetingLinks')}
      />
      <ColorPicker value={values.color} onChange={(color) => set({ color })} error={fe('color')?.[0]} />
    </FormCard>
  )
}
