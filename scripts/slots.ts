/**
 * `npm run slots -- FILE.json`: the bookable slots of a scenario
 * (tests/fixtures/scenarios/README.md), printed exactly as the contract's
 * expected/*.json files lay them out.
 *
 * `npm run slots -- FILE.json --explain YYYY-MM-DD`: every candidate start of
 * that schedule date, in the schedule's zone and in UTC, offered or why not.
 *
 * A file that cannot be read or is not a valid scenario prints the reason on
 * stderr and exits with code 1.
 */
import { readFileSync } from 'node:fs'
import {
  type CandidateExplanation,
  type DateExplanation,
  type Rejection,
  type Scenario,
  computeSlots,
  explainDate,
  formatContractAnswer,
  parseScenarioJson,
} from '#app/domain/availability/index.ts'
import {
  MS_PER_DAY,
  MS_PER_MINUTE,
  type ZoneClock,
  createZoneClock,
  epochDayOfIsoDate,
  formatHm,
  formatOffset,
  formatUtcInstant,
  isIsoDate,
  isoWeekday,
} from '#app/domain/time/index.ts'

const USAGE = 'Usage: npm run slots -- FILE.json [--explain YYYY-MM-DD]'
const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

function main(args: string[]): void {
  const [file, flag, date, ...rest] = args
  if (!file || file.startsWith('--') || rest.length > 0 || (flag !== undefined && flag !== '--explain')) {
    fail(USAGE)
  }
  if (flag === '--explain' && (!date || !isIsoDate(date))) fail(`--explain needs a date YYYY-MM-DD\n${USAGE}`)

  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    fail(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
  let scenario: Scenario
  try {
    scenario = parseScenarioJson(text)
  } catch (error) {
    fail(`${file}: ${error instanceof Error ? error.message : String(error)}`)
  }

  if (flag === '--explain' && date) process.stdout.write(describe(explainDate(scenario.input, date), scenario.name))
  else process.stdout.write(formatContractAnswer(computeSlots(scenario.input)))
}

function describe(explanation: DateExplanation, name: string | undefined): string {
  const { date, timeZone, candidates } = explanation
  const midnight = epochDayOfIsoDate(date) * MS_PER_DAY
  const clock = createZoneClock(timeZone, midnight - MS_PER_DAY, midnight + 2 * MS_PER_DAY)
  const offered = candidates.filter((candidate) => candidate.offered).length
  const lines = [
    `${name ? `${name}: ` : ''}${date} (${WEEKDAYS[isoWeekday(date)]}) in ${timeZone}, ${sourceText(explanation)}`,
    ...explanation.workingIntervals.map(
      (interval) =>
        `  working ${wall(clock, interval.start)}-${wall(clock, interval.end)}  ` +
        `${formatUtcInstant(interval.start)} - ${formatUtcInstant(interval.end)}`,
    ),
    `${candidates.length} candidate start(s), ${offered} offered`,
  ]
  if (candidates.length > 0) lines.push('', '  local  offset  UTC                   result')
  for (const candidate of candidates) {
    lines.push(
      `  ${wall(clock, candidate.start)}  ${formatOffset(clock.offsetAt(candidate.start))}  ` +
        `${formatUtcInstant(candidate.start)}  ${resultText(candidate)}`,
    )
  }
  return `${lines.join('\n')}\n`
}

function sourceText(explanation: DateExplanation): string {
  if (explanation.source === 'dayOff') return 'day off (adjustment)'
  const origin = explanation.source === 'adjustment' ? 'adjusted hours' : 'weekly hours'
  return explanation.workingIntervals.length === 0 ? `${origin}: no work` : origin
}

function resultText(candidate: CandidateExplanation): string {
  if (candidate.offered) return `offered, ${candidate.seatsLeft} seat(s) left`
  return `not offered: ${candidate.rejections.map(rejectionText).join('; ')}`
}

function rejectionText(rejection: Rejection): string {
  switch (rejection.reason) {
    case 'range':
      return 'date outside the requested range'
    case 'notice':
      return `minimum notice (earliest start ${formatUtcInstant(rejection.earliestStart)})`
    case 'window':
      return rejection.window.type === 'Period'
        ? `outside the booking window ${rejection.window.start}..${rejection.window.end}`
        : 'outside the booking window'
    case 'dailyLimit':
      return `daily limit reached (${rejection.bookedStarts} of ${rejection.maxPerDay} booked)`
    case 'busy':
      return `busy ${span(rejection.conflict.start, rejection.conflict.end)}`
    case 'booking':
      return `${rejection.conflict.sameEventType ? 'booking of this event type' : 'booking'} ${span(rejection.conflict.start, rejection.conflict.end)}`
    case 'seats':
      return `no seats left (${rejection.seatsTaken} of ${rejection.seats} taken)`
  }
}

function span(start: number, end: number): string {
  return `${formatUtcInstant(start)} - ${formatUtcInstant(end)}`
}

function wall(clock: ZoneClock, instant: number): string {
  return formatHm(Math.floor(clock.toLocal(instant) / MS_PER_MINUTE))
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

main(process.argv.slice(2))
