// Every scenario of tests/fixtures/scenarios with an answer in expected/ must
// match exactly (tests/fixtures/scenarios/README.md).
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  computeSlots,
  formatContractAnswer,
  parseScenarioJson,
  toContractAnswer,
} from '#app/domain/availability/index.ts'

const directory = join(import.meta.dirname, '..', '..', 'fixtures', 'scenarios')
const answered = readdirSync(directory)
  .filter((file) => file.endsWith('.json') && existsSync(join(directory, 'expected', file)))
  .sort()

describe('scenario contract', () => {
  it('finds the scenarios', () => {
    expect(answered.length).toBeGreaterThanOrEqual(16)
  })

  it.each(answered)('%s', (file) => {
    const { input } = parseScenarioJson(readFileSync(join(directory, file), 'utf8'))
    const expectedText = readFileSync(join(directory, 'expected', file), 'utf8')
    expect(toContractAnswer(computeSlots(input))).toEqual(JSON.parse(expectedText))
  })

  it('prints answers laid out like the expected files', () => {
    for (const file of ['dst-ny-spring.json', 'basic-interval-too-short.json']) {
      const { input } = parseScenarioJson(readFileSync(join(directory, file), 'utf8'))
      expect(formatContractAnswer(computeSlots(input))).toBe(readFileSync(join(directory, 'expected', file), 'utf8'))
    }
  })
})
