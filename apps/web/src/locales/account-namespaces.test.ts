import { LOCALES } from '@shop/shared'
import { describe, expect, test } from 'vitest'

const files = import.meta.glob<Record<string, unknown>>('./*/{cart,checkout,account,tracking,pages}.json', { eager: true, import: 'default' })
const PLURAL = /_(zero|one|two|few|many|other)$/

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key))
}

describe('shopping and account namespaces', () => {
  for (const namespace of ['cart', 'checkout', 'account', 'tracking', 'pages']) {
    test(`${namespace} has the same keys in ar, fr and en`, () => {
      const sets = LOCALES.map((locale) => {
        const content = files[`./${locale}/${namespace}.json`]
        expect(content, `${locale}/${namespace}.json`).toBeTruthy()
        return [...new Set(keys(content).map((key) => key.replace(PLURAL, '')))].sort()
      })
      expect(sets[0]?.length).toBeGreaterThan(5)
      expect(sets[1]).toEqual(sets[0])
      expect(sets[2]).toEqual(sets[0])
    })
  }
})
