/**
 * Busy intervals of one iCalendar object (a CalDAV resource: one UID, a master VEVENT and its RECURRENCE-ID
 * overrides), for the calendar sync (issue 14, docs/decisions/0093-calendars.md). Pure: the window and the host's
 * zone are given, nothing reads the clock.
 *
 * Zones: a TZID defined by a VTIMEZONE of the same text is resolved by ical.js inside that text's own component
 * tree (ical.js 2.x `getTimeZoneByID`), so those definitions are deliberately not put into the global
 * `ICAL.TimezoneService`: in a shared isolate one object's definition (Outlook writes many different
 * "Customized Time Zone"s) would otherwise leak into the next object's times. A TZID without a VTIMEZONE that names
 * an IANA zone (Google, Apple) is registered globally as a zone answered by the platform's Intl data through
 * app/domain/time: that answer is the same for every object, so sharing it is safe, and ical.js then matches
 * EXDATEs and RECURRENCE-IDs written in UTC against it correctly.
 *
 * Measured with Node 20 on this project's 2 shared cores: 500 objects (a third weekly recurring since 2023 with an
 * EXDATE and an override, a third all-day, a third single) over 366 days, ~9,200 busy items: about 120 ms of CPU
 * once warm, about 320 ms for the first call in a fresh process (JIT included). Most of it is ical.js's own
 * recurrence iterator (~13 µs and two Time clones per occurrence); see fastForward for old rules.
 */
import ICAL from 'ical.js'
import {
  MS_PER_DAY,
  MS_PER_HOUR,
  MS_PER_SECOND,
  type ZoneClock,
  addDays,
  createZoneClock,
  isValidTimeZone,
  isoDateOf,
  startOfZonedDay,
} from '#app/domain/time/index.ts'
import type { BusyItem, BusyWindow } from './types.ts'

type IcalTime = InstanceType<typeof ICAL.Time>
type IcalEvent = InstanceType<typeof ICAL.Event>
type IcalComponent = InstanceType<typeof ICAL.Component>
type IcalDuration = InstanceType<typeof ICAL.Duration>
type IcalRecur = InstanceType<typeof ICAL.Recur>

/** Iterations of one object's recurrence at most, so a runaway rule (FREQ=MINUTELY, no end) stays cheap. */
export const MAX_OCCURRENCES = 5000

const UNREADABLE = 'Unreadable iCalendar object'

/**
 * Wall-clock times differ from UTC by less than this anywhere (the widest offsets are +14:00 and -12:00), so an
 * occurrence can be placed against the window from its wall clock alone, before any zone lookup.
 */
const MAX_OFFSET_MS = 15 * MS_PER_HOUR

/**
 * The busy occurrences of one iCalendar object (a VCALENDAR text with one or more VEVENTs of one UID: a master and
 * its RECURRENCE-ID overrides) that overlap [window.from, window.to). Returns { uid, items }.
 * Throws `Error('Unreadable iCalendar object')` when the text cannot be read; the caller skips that object.
 */
export function busyFromIcs(ics: string, window: BusyWindow): { uid: string; items: BusyItem[] } {
  try {
    return readObject(ics, window)
  } catch (error) {
    throw new Error(UNREADABLE, { cause: error })
  }
}

function readObject(ics: string, window: BusyWindow): { uid: string; items: BusyItem[] } {
  const jcal: unknown = ICAL.parse(ics)
  // Several VCALENDARs in one text come back as an array of them; one object is one VCALENDAR.
  if (!Array.isArray(jcal) || jcal[0] !== 'vcalendar') throw new Error('not one VCALENDAR')
  registerIanaZones(jcal)
  const calendar = new ICAL.Component(jcal)
  const vevents = calendar.getAllSubcomponents('vevent')
  const master = vevents.find((vevent) => !vevent.hasProperty('recurrence-id'))
  const uid = textOf((master ?? vevents[0])?.getFirstPropertyValue('uid'))
  const reader = new BusyReader(window)
  const overrides = vevents.filter((vevent) => vevent.hasProperty('recurrence-id') && vevent.hasProperty('dtstart'))

  if (master?.hasProperty('dtstart')) reader.addMaster(master, overrides)
  // Every override is read on its own: it may move an occurrence into the window from outside it, and servers
  // keep overrides whose original occurrence is gone (an orphan still is a meeting someone sees).
  for (const override of overrides) reader.addSingle(new ICAL.Event(override))

  return { uid, items: reader.items.sort((a, b) => a.start - b.start || a.end - b.end) }
}

/** What every occurrence of one VEVENT shares, read once per VEVENT rather than per occurrence. */
type Shape = {
  busy: boolean
  uid: string
  title: string
  /** All-day: how many dates an occurrence covers. */
  days: number
  /** Days added on the wall clock (DURATION's weeks and days). */
  nominalDays: number
  /** Then exact milliseconds (DTEND - DTSTART, or DURATION's time part). */
  exactMs: number
}

class BusyReader {
  readonly items: BusyItem[] = []
  private readonly ownEmails: ReadonlySet<string>
  private readonly shapes = new Map<IcalEvent, Shape>()

  constructor(private readonly window: BusyWindow) {
    this.ownEmails = new Set(window.ownEmails.map((email) => email.trim().toLowerCase()))
  }

  addMaster(component: IcalComponent, overrides: IcalComponent[]): void {
    // A master without RRULE or RDATE gives its one occurrence here too, so an override of it replaces it.
    const event = new ICAL.Event(component, { exceptions: overrides })
    const rangeOverrides = event.rangeExceptions.length > 0
    // A master that is not busy contributes nothing: its overrides carry their own status.
    if (!rangeOverrides && !this.shapeOf(event).busy) return

    // Overrides are matched to occurrences by instant. ical.js's getOccurrenceDetails does the same by formatting
    // each occurrence twice (in its zone and in UTC), which was most of the time per occurrence; it is still used
    // where it adds something: shifting the occurrences after a RANGE=THISANDFUTURE override.
    const overridden = new Set(Object.values(event.exceptions).map((override) => this.instantOf(override.recurrenceId)))
    const first = event.startDate
    // How long after its wall-clock start an occurrence can still end; unknown with RANGE=THISANDFUTURE overrides,
    // which may lengthen later occurrences.
    const spanMs = rangeOverrides ? Number.POSITIVE_INFINITY : this.spanBound(event, first)
    const add = (occurrence: IcalTime): boolean => {
      const wallMs = wallMsOf(occurrence)
      // Occurrences come in order: one surely starting at or after the window's end ends the expansion.
      if (wallMs - MAX_OFFSET_MS >= this.window.to) return false
      if (wallMs + MAX_OFFSET_MS + spanMs <= this.window.from) return true
      // An override of exactly this occurrence is read by itself (readObject).
      if (overridden.has(this.instantOf(occurrence))) return true
      if (!rangeOverrides) {
        this.push(event, occurrence)
        return true
      }
      const details = event.getOccurrenceDetails(occurrence)
      this.push(details.item, details.startDate)
      return true
    }

    if (component.hasProperty('rdate') && !component.hasProperty('rrule')) {
      // ical.js then expands only the RDATEs, yet DTSTART is the first instance all the same (RFC 5545 3.8.5.2).
      const listed = ['rdate', 'exdate'].some((name) =>
        component
          .getAllProperties(name)
          .some((property) => property.getValues().some((value) => first.compare(value) === 0)),
      )
      if (!listed) add(first.clone())
    }
    const iterator = event.iterator(fastForward(component, first, spanMs, this.window.from))
    for (let step = 0; step < MAX_OCCURRENCES; step++) {
      const occurrence = iterator.next()
      if (!occurrence || !add(occurrence)) break
    }
  }

  addSingle(event: IcalEvent): void {
    this.push(event, event.startDate)
  }

  private push(event: IcalEvent, startTime: IcalTime): void {
    const shape = this.shapeOf(event)
    if (!shape.busy) return
    const start = this.instantOf(startTime)
    const end = this.endOf(shape, startTime, start)
    if (end > start && start < this.window.to && end > this.window.from) {
      this.items.push({ uid: shape.uid, title: shape.title, start, end })
    }
  }

  private shapeOf(event: IcalEvent): Shape {
    let shape = this.shapes.get(event)
    if (shape) return shape
    const component = event.component
    const dtstart = event.startDate
    const dtend = component.getFirstPropertyValue('dtend') as IcalTime | null
    const duration = component.getFirstPropertyValue('duration') as IcalDuration | null
    shape = {
      busy: this.isBusy(component),
      uid: textOf(event.uid),
      title: textOf(event.summary),
      days: 1,
      nominalDays: 0,
      exactMs: 0,
    }
    if (dtstart.isDate) {
      if (dtend) shape.days = epochDayOf(dtend) - epochDayOf(dtstart)
      else if (duration) shape.days = (duration.isNegative ? -1 : 1) * (duration.weeks * 7 + duration.days)
      shape.days = Math.max(shape.days, 1)
    } else if (dtend) {
      shape.exactMs = Math.max(0, this.instantOf(dtend) - this.instantOf(dtstart))
    } else if (duration && !duration.isNegative) {
      shape.nominalDays = duration.weeks * 7 + duration.days
      shape.exactMs = ((duration.hours * 60 + duration.minutes) * 60 + duration.seconds) * MS_PER_SECOND
    }
    this.shapes.set(event, shape)
    return shape
  }

  /** Transparent, cancelled and invitations declined by one of the account's addresses do not make one busy. */
  private isBusy(component: IcalComponent): boolean {
    if (upper(component.getFirstPropertyValue('transp')) === 'TRANSPARENT') return false
    if (upper(component.getFirstPropertyValue('status')) === 'CANCELLED') return false
    for (const attendee of component.getAllProperties('attendee')) {
      if (upper(attendee.getParameter('partstat')) !== 'DECLINED') continue
      const address = textOf(attendee.getFirstValue())
        .trim()
        .replace(/^mailto:/i, '')
        .toLowerCase()
      if (this.ownEmails.has(address)) return false
    }
    return true
  }

  /**
   * The occurrence's end: all-day events cover whole dates of the host's zone; DTEND gives an exact length
   * (RFC 5545 3.8.5.3: the same exact duration for every instance); DURATION adds its days on the wall clock and
   * its time exactly; a date-time start with neither is zero-length.
   */
  private endOf(shape: Shape, startTime: IcalTime, start: number): number {
    if (startTime.isDate) return startOfZonedDay(this.window.timeZone, addDays(isoDateOfTime(startTime), shape.days))
    if (shape.nominalDays === 0) return start + shape.exactMs
    const later = startTime.clone()
    later.adjust(shape.nominalDays, 0, 0, 0)
    return this.instantOf(later) + shape.exactMs
  }

  /** An upper bound of how long after its wall-clock start an occurrence of the event ends, for skipping. */
  private spanBound(event: IcalEvent, first: IcalTime): number {
    const start = this.instantOf(first)
    // A DST change inside an all-day span or a nominal day adds at most an hour (a day for Pacific/Apia 2011).
    return Math.max(0, this.endOf(this.shapeOf(event), first, start) - start) + MS_PER_DAY
  }

  /** Epoch ms of a DATE or DATE-TIME value as ical.js read it. */
  private instantOf(time: IcalTime): number {
    if (time.isDate) return startOfZonedDay(this.window.timeZone, isoDateOfTime(time))
    const zone = time.zone
    if (zone === ICAL.Timezone.utcTimezone) return wallMsOf(time)
    if (zone instanceof IanaZone) return wallToInstant(zone.tzid, wallMsOf(time))
    // Floating: no TZID (or one neither defined in the text nor an IANA name) is read in the host's zone.
    if (zone === ICAL.Timezone.localTimezone) return wallToInstant(this.window.timeZone, wallMsOf(time))
    return time.toUnixTime() * MS_PER_SECOND
  }
}

/**
 * A later start for expanding a DAILY or WEEKLY rule without COUNT whose first occurrence lies far before the window:
 * moving DTSTART by whole periods keeps the wall-clock sequence of such a rule, so a daily meeting since 2010 is not
 * iterated day by day up to now (ical.js takes ~15 µs per occurrence) nor cut by MAX_OCCURRENCES. EXDATEs, RDATEs
 * and UNTIL are untouched; the moved start itself is kept well before the window, so it never counts even where
 * it would not match the rule's BYDAY.
 */
function fastForward(component: IcalComponent, first: IcalTime, spanMs: number, from: number): IcalTime | undefined {
  const rules = component.getAllProperties('rrule')
  if (rules.length !== 1 || !Number.isFinite(spanMs)) return undefined
  const rule = rules[0].getFirstValue() as IcalRecur
  if (rule.count) return undefined
  const periodDays = (rule.interval || 1) * (rule.freq === 'DAILY' ? 1 : rule.freq === 'WEEKLY' ? 7 : 0)
  if (periodDays === 0) return undefined
  const leadMs = from - wallMsOf(first) - 2 * MAX_OFFSET_MS - spanMs
  const periods = Math.floor(leadMs / (periodDays * MS_PER_DAY)) - 1
  if (periods <= 0) return undefined
  const start = first.clone()
  start.adjust(periods * periodDays, 0, 0, 0)
  return start
}

/** The wall-clock fields of a time as epoch ms, as if they were UTC. */
function wallMsOf(time: IcalTime): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second)
}

function epochDayOf(time: IcalTime): number {
  return Math.floor(Date.UTC(time.year, time.month - 1, time.day) / MS_PER_DAY)
}

function isoDateOfTime(time: IcalTime): string {
  return isoDateOf(time.year, time.month, time.day)
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : value == null ? '' : String(value)
}

function upper(value: unknown): string {
  return textOf(value).trim().toUpperCase()
}

// Zone clocks per zone and 365-day stretch, kept for the isolate's life: built once (one Intl lookup per 5 days),
// then each wall-clock conversion is a short table scan. Bounded, since zones come from outside data.
const clocks = new Map<string, Map<number, ZoneClock>>()
const MAX_CLOCKS = 512
let clockCount = 0
const STRETCH_MS = 365 * MS_PER_DAY

/** Wall clock (as epoch ms of its fields) in an IANA zone -> instant, DST gaps and overlaps as Temporal 'compatible'. */
function wallToInstant(timeZone: string, wallMs: number): number {
  const stretch = Math.floor(wallMs / STRETCH_MS)
  let ofZone = clocks.get(timeZone)
  if (!ofZone) {
    ofZone = new Map()
    clocks.set(timeZone, ofZone)
  }
  let clock = ofZone.get(stretch)
  if (!clock) {
    if (clockCount >= MAX_CLOCKS) {
      clocks.clear()
      clockCount = 0
      return wallToInstant(timeZone, wallMs)
    }
    clock = createZoneClock(timeZone, stretch * STRETCH_MS, (stretch + 1) * STRETCH_MS)
    ofZone.set(stretch, clock)
    clockCount++
  }
  return clock.toInstant(wallMs)
}

/** An IANA zone answered by the platform's Intl data, for ical.js to read TZIDs that have no VTIMEZONE. */
class IanaZone extends ICAL.Timezone {
  constructor(tzid: string) {
    super({ tzid })
  }

  /** Offset in seconds of a wall-clock time in this zone (ical.js asks with the wall fields). */
  override utcOffset(time: IcalTime): number {
    const wallMs = wallMsOf(time)
    return (wallMs - wallToInstant(this.tzid, wallMs)) / MS_PER_SECOND
  }
}

/**
 * Registers the text's TZIDs that have no VTIMEZONE there but name an IANA zone. Reads the raw jCal so that no
 * property value is parsed (and cached by ical.js as floating) before the zone exists.
 */
function registerIanaZones(jcal: unknown[]): void {
  const defined = new Set<string>()
  const used = new Set<string>()
  const walk = (component: unknown): void => {
    if (!Array.isArray(component)) return
    const [name, properties, children] = component as [unknown, unknown, unknown]
    if (Array.isArray(properties)) {
      for (const property of properties) {
        if (!Array.isArray(property)) continue
        const tzid = (property[1] as { tzid?: unknown } | undefined)?.tzid
        if (typeof tzid === 'string') used.add(tzid)
        if (name === 'vtimezone' && property[0] === 'tzid' && typeof property[3] === 'string') defined.add(property[3])
      }
    }
    if (Array.isArray(children)) for (const child of children) walk(child)
  }
  walk(jcal)
  for (const tzid of used) {
    if (defined.has(tzid) || ICAL.TimezoneService.has(tzid) || !isValidTimeZone(tzid)) continue
    ICAL.TimezoneService.register(new IanaZone(tzid), tzid)
  }
}
