import { Form } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { TelemostInfo } from '#app/components/event-types/telemost-option.tsx'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import type { OneTimeFormValues } from '#app/domain/one-time/form.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { AboutSection, type TemplateOption } from './about-section.tsx'
import { type Conflict, ConflictDialog } from './conflict-dialog.tsx'
import type { ContactOption } from './contact-lists.tsx'
import { InviteesSection } from './invitees-section.tsx'
import type { OneTimeSectionProps } from './section-props.ts'
import { SettingsSection } from './settings-section.tsx'
import { WhenFields } from './when-fields.tsx'

/** The creation form of `/meetings/one-time-event/create`: works as a plain form; script adds the conveniences. */
export function OneTimeForm({
  initial,
  templates,
  contacts,
  zones,
  minDate,
  lockedTypes,
  videoLinksLocked,
  telemost,
  returnTo,
  errors,
  fieldErrors,
  conflict,
  busy,
}: {
  initial: OneTimeFormValues
  templates: TemplateOption[]
  contacts: ContactOption[]
  zones: { value: string; label: string }[]
  minDate: string
  /** Participant types the plan does not allow, with the plan they are available from. */
  lockedTypes: Record<string, string>
  /** "A Telemost link for each meeting" needs a higher plan. */
  videoLinksLocked: boolean
  telemost: TelemostInfo
  /** Where connecting Telemost without script returns. */
  returnTo: string
  errors: string[]
  fieldErrors: Record<string, string[]>
  conflict: Conflict | null
  busy: boolean
}) {
  const { t } = useTranslation()
  const [values, setValues] = useState(initial)
  const hydrated = useHydrated()
  // Reset only when the values themselves change: a revalidation (after connecting Telemost in the popup) brings equal
  // defaults as a new object, and what was typed stays.
  const initialKey = JSON.stringify(initial)
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the values, not the object
  useEffect(() => setValues(initial), [initialKey])
  const section: OneTimeSectionProps = {
    values,
    set: (patch) => setValues((previous) => ({ ...previous, ...patch })),
    // A list typed in one field (emails, reminders) has its items' texts under `name.<n>`: all beside the field.
    fe: (name) => {
      const texts = Object.entries(fieldErrors).flatMap(([field, found]) =>
        field === name || (field.startsWith(`${name}.`) && /^\d+$/.test(field.slice(name.length + 1))) ? found : [],
      )
      return texts.length > 0 ? texts : null
    },
  }

  return (
    <Form method="post" id="one-time-form" className="space-y-6" noValidate data-testid="one-time-form">
      <input type="hidden" name="browserOffset" value={hydrated ? String(-new Date().getTimezoneOffset() / 60) : ''} />
      <FormErrors errors={errors} />
      <ConflictDialog conflict={conflict} busy={busy} />
      <WhenFields {...section} zones={zones} minDate={minDate} />
      <AboutSection
        {...section}
        replace={setValues}
        templates={templates}
        videoLinksLocked={videoLinksLocked}
        telemost={telemost}
        returnTo={returnTo}
      />
      <InviteesSection {...section} replace={setValues} contacts={contacts} lockedTypes={lockedTypes} />
      <SettingsSection {...section} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="create" loading={busy} data-testid="one-time-create">
          {t('oneTime:create.submit')}
        </Button>
      </div>
    </Form>
  )
}
