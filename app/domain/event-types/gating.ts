/** Which plan capabilities an event type uses (SPEC §6); the server refuses those the plan lacks. */
import { type Capability, can, capabilityForParticipantType } from '#app/domain/plans.ts'
import type { PlanName } from '#app/domain/enums.ts'
import { usesCustomReminders } from './reminders.ts'

export type GatedFields = {
  participantType: string
  remindersInMinutes: readonly number[]
  isShowCost: boolean
  isShowRedirection: boolean
  videoLinkService?: string | null
}

export function capabilitiesUsed(eventType: GatedFields): Capability[] {
  const used: Capability[] = []
  const forType = capabilityForParticipantType(eventType.participantType)
  if (forType) used.push(forType)
  if (usesCustomReminders(eventType.remindersInMinutes)) used.push('customReminders')
  if (eventType.isShowCost || eventType.isShowRedirection) used.push('costAndRedirect')
  if (eventType.videoLinkService) used.push('videoMeetingLinks')
  return used
}

export function missingCapabilities(plan: PlanName, eventType: GatedFields): Capability[] {
  return capabilitiesUsed(eventType).filter((capability) => !can(plan, capability))
}
