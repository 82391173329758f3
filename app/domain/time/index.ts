// The project's date/time module: IANA zones through Intl (no date library),
// wall-clock <-> instant with Temporal 'compatible' disambiguation, and date
// arithmetic on 'YYYY-MM-DD' strings. See docs/decisions/0004-availability-engine.md.
export {
  MINUTES_PER_DAY,
  MS_PER_DAY,
  MS_PER_HOUR,
  MS_PER_MINUTE,
  MS_PER_SECOND,
  civilFromEpochDay,
  daysInMonth,
  epochDayFromCivil,
  epochDayOfLocalMs,
  isoWeekdayOfEpochDay,
} from './civil.ts'
export {
  type IsoDate,
  addDays,
  compareDates,
  datesBetween,
  diffDays,
  epochDayOfIsoDate,
  isIsoDate,
  isoDateOf,
  isoDateOfEpochDay,
  isoWeekday,
  monthDates,
} from './date.ts'
export {
  dmyToIso,
  isFormDmy,
  formatHm,
  formatOffset,
  formatUtcInstant,
  isHm,
  isoToDmy,
  parseHm,
  parseUtcInstant,
} from './format.ts'
export { type OffsetTable, buildOffsetTable } from './transitions.ts'
export { readTypedDate, readTypedTime } from './typed.ts'
export { type ZonedDateTime, instantToZoned, localMsOf, startOfZonedDay, zonedToInstant } from './wall.ts'
export { type ZoneClock, createZoneClock } from './zone-clock.ts'
export { isValidTimeZone, offsetAt } from './zone-offset.ts'
