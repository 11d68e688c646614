import { describe, expect, test } from 'vitest'
import { readPrice, readPriceRange } from './price-filter.tsx'

describe('price filter input', () => {
  test('a negative price is 0, never the same amount made positive', () => {
    expect(readPrice('-500')).toBe(0)
    expect(readPrice(' −1200')).toBe(0)
    expect(readPrice('500')).toBe(500)
    expect(readPrice('')).toBeUndefined()
    expect(readPrice('abc')).toBeUndefined()
  })

  test('Eastern Arabic and Persian digits are read as 0-9; spaces between thousands are ignored', () => {
    expect(readPrice('٢٠٠٠')).toBe(2000)
    expect(readPrice('۱۵۰۰')).toBe(1500)
    expect(readPrice('12 500')).toBe(12500)
  })

  test('the range keeps min at or below max', () => {
    expect(readPriceRange('٥٠٠٠', '1000')).toEqual({ minPrice: 1000, maxPrice: 5000 })
    expect(readPriceRange('-300', '٢٠٠٠')).toEqual({ minPrice: 0, maxPrice: 2000 })
    expect(readPriceRange('', '')).toEqual({ minPrice: undefined, maxPrice: undefined })
  })
})
