import { formatPrice, type Locale } from '@shop/shared'
import { describe, expect, test } from 'vitest'
import unicode from '@fontsource-variable/readex-pro/unicode.json'
import { readFileSync } from 'node:fs'
import ar from './locales/ar/index.ts'
import en from './locales/en/index.ts'
import fr from './locales/fr/index.ts'

// read as files: Vitest replaces imported CSS with an empty module
const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8')
const fontsCss = source('./fonts.css')
const indexCss = source('./index.css')
const mainSource = source('./main.tsx')

interface Face {
  family: string
  body: string
}

const faces: Face[] = [...fontsCss.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => ({
  family: /font-family:\s*'([^']+)'/.exec(m[1] as string)?.[1] ?? '',
  body: m[1] as string,
}))
const descriptor = (face: Face, name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(face.body)?.[1]?.trim()
const readex = faces.filter((f) => f.family === 'Readex Pro Variable')
const fallbacks = faces.filter((f) => f.family.startsWith('Readex Pro Fallback'))

function covers(range: string, code: number): boolean {
  return range.split(',').some((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-').map((hex) => Number.parseInt(hex, 16)) as [number, number | undefined]
    return code >= from && code <= (to ?? from)
  })
}

function texts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) texts(v, out)
  return out
}

describe('the storefront font', () => {
  test('only the Arabic and Latin files of Readex Pro are declared: no page can download Latin-ext or Vietnamese', () => {
    const files = readex.map((f) => /url\('([^']+)'\)/.exec(f.body)?.[1])
    expect(files).toEqual([
      '@fontsource-variable/readex-pro/files/readex-pro-arabic-wght-normal.woff2',
      '@fontsource-variable/readex-pro/files/readex-pro-latin-wght-normal.woff2',
    ])
    expect(readex.map((f) => descriptor(f, 'unicode-range'))).toEqual([unicode.arabic, unicode.latin])
    expect(readex.every((f) => descriptor(f, 'font-display') === 'swap')).toBe(true)
    // the package's own index.css declares all four subsets
    expect(mainSource).not.toMatch(/import '@fontsource-variable\/readex-pro'/)
    expect(mainSource).toMatch(/import '\.\/fonts\.css'/)
  })

  test.each<[Locale, unknown]>([
    ['ar', ar],
    ['fr', fr],
    ['en', en],
  ])('every character the %s pages write is in the Arabic or the Latin file', (locale, resources) => {
    const shown = [...texts(resources), formatPrice(1234567, locale), formatPrice(4500, locale)].join('')
    const missing = new Set(
      [...shown].filter((c) => {
        const code = c.codePointAt(0) as number
        return code >= 0x20 && !covers(unicode.arabic, code) && !covers(unicode.latin, code)
      }),
    )
    expect([...missing].map((c) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase()} ${c}`)).toEqual([])
  })

  test('French accents, guillemets and the dinar signs are in the Latin or the Arabic file', () => {
    for (const c of 'éèàçôûïœÉÀ«»’\u202F0123456789DA') expect(covers(unicode.latin, c.codePointAt(0) as number), c).toBe(true)
    for (const c of 'دج،؟') expect(covers(unicode.arabic, c.codePointAt(0) as number), c).toBe(true)
  })

  test('each fallback face overrides size and vertical metrics, over the same ranges as Readex Pro', () => {
    expect(fallbacks.length).toBeGreaterThanOrEqual(2)
    for (const face of fallbacks) {
      expect(descriptor(face, 'src')).toMatch(/^local\(/)
      for (const name of ['size-adjust', 'ascent-override', 'descent-override', 'line-gap-override']) {
        expect(descriptor(face, name), `${face.family} ${name}`).toMatch(/^\d+(\.\d+)?%$/)
      }
      expect([unicode.arabic, unicode.latin]).toContain(descriptor(face, 'unicode-range'))
    }
    // Arabic text has a matched fallback as well as Latin
    expect(fallbacks.some((f) => descriptor(f, 'unicode-range') === unicode.arabic)).toBe(true)
  })

  test('the page font stack puts the matched fallback right after Readex Pro', () => {
    expect(indexCss).toMatch(/--font-sans: 'Readex Pro Variable', 'Readex Pro Fallback',/)
  })
})
