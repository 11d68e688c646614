import { describe, expect, test } from 'vitest'
import { formatDateRange, formatDateTime } from './dates.ts'

describe('dates', () => {
  test('times are on the 24-hour clock in French, Arabic and English, in Algeria’s time zone', () => {
    // 14:05 UTC is 15:05 in Algiers (UTC+1)
    const fr = formatDateTime('2025-11-21T14:05:00.000Z', 'fr')
    expect(fr).toContain('15:05')
    expect(fr).not.toMatch(/PM|AM/i)
    expect(formatDateTime('2025-11-21T14:05:00.000Z', 'ar')).toContain('15:05')
    expect(formatDateTime('2025-11-21T14:05:00.000Z', 'ar')).not.toContain('م')
    expect(formatDateTime('2025-11-21T14:05:00.000Z', 'en')).toContain('15:05')
    expect(formatDateTime('2025-11-21T23:30:00.000Z', 'fr')).toContain('00:30')
  })

  test('a period reads from its start to its end in either direction', () => {
    expect(formatDateRange('2025-11-21T00:00:00.000Z', null, 'fr')).toBe('21/11/2025 → …')
    expect(formatDateRange(null, '2025-11-21T00:00:00.000Z', 'ar')).toMatch(/^… ← /)
  })
})
