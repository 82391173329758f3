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
 * Measured (Node 20, this machine, 2 shared cores): 500 objects, a third of them weekly recurring for years with an
 * EXDATE and an override, a third all-day, expanded over 366 days: about 110 ms in all, warm (about 0.2 ms each).
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

class BusyReader {
  readonly items: BusyItem[] = []
  private readonly ownEmails: ReadonlySet<string>

  constructor(private readonly window: BusyWindow) {
    this.ownEmails = new Set(window.ownEmails.map((email) => email.trim().toLowerCase()))
  }

  addMaster(component: IcalComponent, overrides: IcalComponent[]): void {
    // A master without RRULE or RDATE gives its one occurrence here too, so an override of it replaces it.
    const event = new ICAL.Event(component, { exceptions: overrides })
    const rangeOverrides = event.rangeExceptions.length > 0
    // A master that is not busy contributes nothing: its overrides carry their own status.
    if (!rangeOverrides && !this.isBusy(component)) return

    const first = event.startDate
    // How long after its wall-clock start an occurrence can still end; unknown with RANGE=THISANDFUTURE overrides,
    // which may lengthen later occurrences.
    const spanMs = rangeOverrides ? Number.POSITIVE_INFINITY : this.spanBound(event, first)
    if (component.hasProperty('rdate') && !component.hasProperty('rrule')) {
      // ical.js then expands only the RDATEs, yet DTSTART is the first instance all the same (RFC 5545 3.8.5.2).
      const listed = ['rdate', 'exdate'].some((name) =>
        component
          .getAllProperties(name)
          .some((property) => property.getValues().some((value) => first.compare(value) === 0)),
      )
      if (!listed) this.addOccurrence(event, first.clone(), spanMs)
    }
    const iterator = event.iterator(fastForward(component, first, spanMs, this.window.from))
    for (let step = 0; step < MAX_OCCURRENCES; step++) {
      const occurrence = iterator.next()
      if (!occurrence || !this.addOccurrence(event, occurrence, spanMs)) break
    }
  }

  /** Reads one occurrence of a master; false once occurrences start past the window (they come in order). */
  private addOccurrence(event: IcalEvent, occurrence: IcalTime, spanMs: number): boolean {
    const wallMs = wallMsOf(occurrence)
    if (wallMs - MAX_OFFSET_MS >= this.window.to) return false
    if (wallMs + MAX_OFFSET_MS + spanMs <= this.window.from) return true
    const details = event.getOccurrenceDetails(occurrence)
    const item: IcalEvent = details.item
    // An override of exactly this occurrence is read by itself (readObject); a RANGE=THISANDFUTURE override
    // only shifts the occurrences after it, which are read here with its properties.
    if (item !== event && item.recurrenceId.compare(occurrence) === 0) return true
    if (this.isBusy(item.component)) this.push(item, details.startDate)
    return true
  }

  addSingle(event: IcalEvent): void {
    if (!this.isBusy(event.component)) return
    this.push(event, event.startDate)
  }

  private push(event: IcalEvent, startTime: IcalTime): void {
    const start = this.instantOf(startTime)
    const end = this.endOf(event, startTime, start)
    if (end > start && start < this.window.to && end > this.window.from) {
      this.items.push({ uid: textOf(event.uid), title: textOf(event.summary), start, end })
    }
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
  private endOf(event: IcalEvent, startTime: IcalTime, start: number): number {
    const dtstart = event.startDate
    const dtend = event.component.getFirstPropertyValue('dtend') as IcalTime | null
    const duration = event.component.getFirstPropertyValue('duration') as IcalDuration | null
    if (startTime.isDate) {
      let days = 1
      if (dtend) days = epochDayOf(dtend) - epochDayOf(dtstart)
      else if (duration) days = (duration.isNegative ? -1 : 1) * (duration.weeks * 7 + duration.days)
      return startOfZonedDay(this.window.timeZone, addDays(isoDateOfTime(startTime), Math.max(days, 1)))
    }
    if (dtend) return start + Math.max(0, this.instantOf(dtend) - this.instantOf(dtstart))
    if (duration && !duration.isNegative) {
      const nominalDays = duration.weeks * 7 + duration.days
      const exactMs = ((duration.hours * 60 + duration.minutes) * 60 + duration.seconds) * MS_PER_SECOND
      if (nominalDays === 0) return start + exactMs
      const later = startTime.clone()
      later.adjust(nominalDays, 0, 0, 0)
      return this.instantOf(later) + exactMs
    }
    return start
  }

  /** An upper bound of how long after its wall-clock start an occurrence of the event ends, for skipping. */
  private spanBound(event: IcalEvent, first: IcalTime): number {
    const start = this.instantOf(first)
    // A DST change inside an all-day span or a nominal day adds at most an hour (a day for Pacific/Apia 2011).
    return Math.max(0, this.endOf(event, first, start) - start) + MS_PER_DAY
  }

  /** Epoch ms of a DATE or DATE-TIME value as ical.js read it. */
  private instantOf(time: IcalTime): number {
    if (time.isDate) return startOfZonedDay(this.window.timeZone, isoDateOfTime(time))
    if (time.zone === ICAL.Timezone.utcTimezone) return wallMsOf(time)
    // Floating: no TZID (or one neither defined in the text nor an IANA name) is read in the host's zone.
    if (time.zone === ICAL.Timezone.localTimezone) return wallToInstant(this.window.timeZone, wallMsOf(time))
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

// One zone clock per zone and year, kept for the isolate's life: built once (one Intl lookup per 5 days), then
// each wall-clock conversion is a short table scan. Bounded, since zones come from outside data.
const yearClocks = new Map<string, ZoneClock>()
const MAX_YEAR_CLOCKS = 512

/** Wall clock (as epoch ms of its fields) in an IANA zone -> instant, DST gaps and overlaps as Temporal 'compatible'. */
function wallToInstant(timeZone: string, wallMs: number): number {
  const year = new Date(wallMs).getUTCFullYear()
  const key = `${timeZone}\n${year}`
  let clock = yearClocks.get(key)
  if (!clock) {
    if (yearClocks.size >= MAX_YEAR_CLOCKS) yearClocks.clear()
    clock = createZoneClock(timeZone, Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1))
    yearClocks.set(key, clock)
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
