// The answer of a scenario (tests/fixtures/scenarios/README.md): slots sorted
// by start, instants in UTC written YYYY-MM-DDTHH:MM:SSZ.
import { formatUtcInstant } from '../time/index.ts'
import type { Slot } from './types.ts'

export interface ContractSlot {
  start: string
  end: string
  seatsLeft: number
}

export interface ContractAnswer {
  slots: ContractSlot[]
}

export function toContractAnswer(slots: readonly Slot[]): ContractAnswer {
  return {
    slots: slots.map((slot) => ({
      start: formatUtcInstant(slot.start),
      end: formatUtcInstant(slot.end),
      seatsLeft: slot.seatsLeft,
    })),
  }
}

// The answer as text laid out like the files in expected/: one slot a line.
export function formatContractAnswer(slots: readonly Slot[]): string {
  if (slots.length === 0) return '{"slots": []}\n'
  const lines = toContractAnswer(slots).slots.map(
    (slot) => `  {"start": "${slot.start}", "end": "${slot.end}", "seatsLeft": ${slot.seatsLeft}}`,
  )
  return `{"slots": [\n${lines.join(',\n')}\n]}\n`
}
