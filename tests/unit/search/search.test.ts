import { describe, expect, it } from 'vitest'
import { containsPattern, searchFold } from '#app/domain/search.ts'

describe('search folding', () => {
  it('folds Cyrillic and Latin letters alike', () => {
    expect(searchFold('АННА Ёлкина')).toBe('анна ёлкина')
    expect(searchFold('John SMITH')).toBe('john smith')
    expect(searchFold('Анна')).toBe(searchFold('аННА'))
  })

  it('builds a folded "contains" pattern whose wildcards are escaped', () => {
    expect(containsPattern('Ан')).toBe('%ан%')
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })
})
