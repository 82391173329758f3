// Availability engine: which slots of an event type can be booked, why a
// candidate is not offered, and how slots group on the public page.
// Rules: tests/fixtures/scenarios/README.md; user guide: README.md "Availability".
export { computeSlots } from './compute-slots.ts'
export { type ContractAnswer, type ContractSlot, formatContractAnswer, toContractAnswer } from './contract-answer.ts'
export { type CandidateExplanation, type DateExplanation, type Rejection, explainDate } from './explain.ts'
export { type Scenario, ScenarioError, parseScenario, parseScenarioJson, scenarioSchema } from './scenario.ts'
export {
  type SpecBookingWindow,
  type SpecEventTypeFields,
  type SpecTimeUnit,
  bookingWindowFromSpec,
  eventTypeRulesFromSpec,
  minimumNoticeFromSpec,
  toMinutes,
} from './spec-mapping.ts'
export type {
  AvailabilityInput,
  BookingWindow,
  EventTypeRules,
  ExistingBooking,
  Interval,
  MinuteInterval,
  Schedule,
  Slot,
} from './types.ts'
export {
  type ViewerSlot,
  daysWithSlots,
  scheduleRangeForViewerDates,
  scheduleRangeForViewerMonth,
  slotsOfViewerDay,
} from './viewer.ts'
export { type IntervalSource, type WorkingMinutes, workingMinutesOf } from './day-plan.ts'
export { overlapping } from './overlap.ts'
