/**
 * An event type's duration and slot step by the SPEC's fields (SPEC §3 "duration type/value/unit", "slot step
 * (stepType, stepValue, stepValueType)", "Duration options"; §5 presets and "Duration other"), mapped to and from
 * the two numbers the database keeps and the availability engine reads: `durationInMinutes` and the step in
 * minutes. The minutes are the one source of truth; the SPEC's fields are their view (ADR 0106). Pure.
 */
import { DURATION_MAX_MINUTES } from '#app/domain/constants.ts'

/** SPEC §5 presets: duration 15, 30, 45, 60 or other; step 5, 10, 15, 30, 45, 60 or other. */
export const DURATION_PRESETS = [15, 30, 45, 60] as const
export const STEP_PRESETS = [5, 10, 15, 30, 45, 60] as const

/** SPEC §3 "Duration options" as a duration's type. */
export const DURATION_TYPES = ['Minutes15', 'Minutes30', 'Minutes45', 'Minutes60', 'Another'] as const
/** A step's type: equal to the duration, one of the SPEC's options, or another value. */
export const STEP_TYPES = [
  'Duration',
  'Minutes5',
  'Minutes10',
  'Minutes15',
  'Minutes30',
  'Minutes45',
  'Minutes60',
  'Another',
] as const
/** The units of an "Another" duration or step (SPEC §5: "max 1380 minutes (23 hours)"). */
export const DURATION_UNITS = ['Minutes', 'Hours'] as const

export type DurationType = (typeof DURATION_TYPES)[number]
export type StepType = (typeof STEP_TYPES)[number]
export type DurationUnit = (typeof DURATION_UNITS)[number]

const MINUTES_PER: Record<DurationUnit, number> = { Minutes: 1, Hours: 60 }

/** `Minutes30` -> 30; `Another` and `Duration` -> null. */
export function presetMinutes(type: DurationType | StepType): number | null {
  const match = /^Minutes(\d+)$/.exec(type)
  return match ? Number(match[1]) : null
}

export function unitMinutes(value: number, unit: DurationUnit): number {
  return value * MINUTES_PER[unit]
}

/** A value in its shortest honest unit: whole hours in hours, anything else in minutes (as SPEC §5 does for reminders). */
export function valueWithUnit(minutes: number): { value: number; unit: DurationUnit } {
  return minutes % 60 === 0 ? { value: minutes / 60, unit: 'Hours' } : { value: minutes, unit: 'Minutes' }
}

export type DurationStepFields = {
  durationInMinutes: number
  durationType: DurationType
  durationValue: number
  durationValueType: DurationUnit
  stepType: StepType
  stepValue: number
  stepValueType: DurationUnit
}

/**
 * The SPEC's fields of a stored duration and step. A preset reads as its type with the value in minutes; another
 * value reads as `Another` in whole hours when it is whole hours; a step equal to the duration reads as `Duration`.
 */
export function durationStepFields(durationInMinutes: number, stepMinutes: number): DurationStepFields {
  const durationPreset = (DURATION_PRESETS as readonly number[]).includes(durationInMinutes)
  const duration = durationPreset
    ? { value: durationInMinutes, unit: 'Minutes' as const }
    : valueWithUnit(durationInMinutes)
  const stepPreset = (STEP_PRESETS as readonly number[]).includes(stepMinutes)
  const stepType: StepType =
    stepMinutes === durationInMinutes ? 'Duration' : stepPreset ? (`Minutes${stepMinutes}` as StepType) : 'Another'
  const step = stepType === 'Another' ? valueWithUnit(stepMinutes) : { value: stepMinutes, unit: 'Minutes' as const }
  return {
    durationInMinutes,
    durationType: durationPreset ? (`Minutes${durationInMinutes}` as DurationType) : 'Another',
    durationValue: duration.value,
    durationValueType: duration.unit,
    stepType,
    stepValue: step.value,
    stepValueType: step.unit,
  }
}

/** What a body may say about the duration and step; every field optional (older clients send minutes only). */
export type DurationStepInput = {
  durationInMinutes?: number | null
  durationType?: DurationType | null
  durationValue?: number | null
  durationValueType?: DurationUnit | null
  stepType?: StepType | null
  stepValue?: number | null
  stepValueType?: DurationUnit | null
}

export type DurationStepIssue = { path: keyof DurationStepInput; message: string }

type Resolved = { minutes: number | null; issues: DurationStepIssue[] }

/**
 * One amount from a type and its value/unit: a preset's minutes, or the value in its unit for `Another` (required,
 * a whole number above 0, at most 1380 minutes). A value sent with a preset must be the preset's own (a body that
 * says two different things is refused, never half-read).
 */
function resolveAmount(
  type: DurationType | StepType,
  value: number | null | undefined,
  unit: DurationUnit | null | undefined,
  path: keyof DurationStepInput,
): Resolved {
  const preset = presetMinutes(type)
  if (preset === null) return amountMinutes(value, unit, path)
  if (value != null && unitMinutes(value, unit ?? 'Minutes') !== preset)
    return { minutes: null, issues: [{ path, message: 'eventTypes:errors.valueNotOfType' }] }
  return { minutes: preset, issues: [] }
}

function amountMinutes(
  value: number | null | undefined,
  unit: DurationUnit | null | undefined,
  path: keyof DurationStepInput,
): Resolved {
  const fail = (message: string): Resolved => ({ minutes: null, issues: [{ path, message }] })
  if (value == null) return fail('validation:required')
  if (!Number.isInteger(value)) return fail('validation:integer')
  if (value < 1) return fail('validation:positive')
  const minutes = unitMinutes(value, unit ?? 'Minutes')
  if (minutes > DURATION_MAX_MINUTES) return fail('eventTypes:errors.durationMax')
  return { minutes, issues: [] }
}

/**
 * The duration and step in minutes from a body: the SPEC's type fields decide when sent (`durationInMinutes`, if
 * sent too, must agree); without them `durationInMinutes` and a `stepValue` in `stepValueType` (minutes by default)
 * are read as before; without any step the step equals the duration.
 */
export function resolveDurationStep(input: DurationStepInput): {
  durationInMinutes: number | null
  stepMinutes: number | null
  issues: DurationStepIssue[]
} {
  const issues: DurationStepIssue[] = []
  let duration: number | null
  if (input.durationType) {
    const resolved = resolveAmount(input.durationType, input.durationValue, input.durationValueType, 'durationValue')
    issues.push(...resolved.issues)
    duration = resolved.minutes
    if (duration !== null && input.durationInMinutes != null && input.durationInMinutes !== duration) {
      issues.push({ path: 'durationInMinutes', message: 'eventTypes:errors.valueNotOfType' })
      duration = null
    }
  } else {
    const resolved = amountMinutes(input.durationInMinutes, 'Minutes', 'durationInMinutes')
    issues.push(...resolved.issues)
    duration = resolved.minutes
  }

  let step: number | null
  const stepType = input.stepType ?? (input.stepValue == null ? 'Duration' : 'Another')
  if (stepType === 'Duration') {
    step = duration
    if (
      duration !== null &&
      input.stepValue != null &&
      unitMinutes(input.stepValue, input.stepValueType ?? 'Minutes') !== duration
    ) {
      issues.push({ path: 'stepValue', message: 'eventTypes:errors.valueNotOfType' })
      step = null
    }
  } else {
    const resolved = resolveAmount(stepType, input.stepValue, input.stepValueType, 'stepValue')
    issues.push(...resolved.issues)
    step = resolved.minutes
  }
  return { durationInMinutes: duration, stepMinutes: step, issues }
}
