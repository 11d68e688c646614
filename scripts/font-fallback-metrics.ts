// Computes the metric overrides of the storefront's fallback fonts ("Readex Pro Fallback" in
// apps/web/src/fonts.css) and rewrites the block between the "fallback metrics" markers of that file.
//
// While Readex Pro downloads (font-display: swap), the text is drawn with a system font scaled so that
// its lines wrap and sit where Readex Pro's will: size-adjust makes the average advance width of the
// store's own text equal, and ascent/descent/line-gap-override give it Readex Pro's vertical metrics.
// Widths are measured on shaped text (Arabic joins change the glyphs) taken from the storefront's
// translations: Arabic words for the Arabic faces, French and English for the Latin ones.
//
// Run once when the font, the fallbacks or the wording change much:
//   node --import tsx scripts/font-fallback-metrics.ts [--write]
// The system fonts are not installed on a server; take them from Debian's packages without installing:
//   apt-get download fonts-noto-core fonts-roboto-unhinted fonts-liberation
//   for f in *.deb; do dpkg-deb -x "$f" /tmp/fallback-fonts; done
//   FALLBACK_FONTS_DIR=/tmp/fallback-fonts/usr/share/fonts/truetype node --import tsx scripts/font-fallback-metrics.ts --write
// (Liberation Sans has Arial's advance widths by design, so it stands in for Arial.)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as fontkit from 'fontkit'

const root = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const fontsource = path.dirname(require.resolve('@fontsource-variable/readex-pro/package.json'))
const ranges = JSON.parse(readFileSync(path.join(fontsource, 'unicode.json'), 'utf8')) as Record<'arabic' | 'latin', string>
const fallbackDir = process.env.FALLBACK_FONTS_DIR ?? '/usr/share/fonts/truetype'
const cssFile = path.join(root, 'apps/web/src/fonts.css')

type Subset = 'arabic' | 'latin'

interface Fallback {
  family: string
  subset: Subset
  /** Names local() matches: the full name and the PostScript name, as each system spells them. */
  local: string[]
  file: string
}

// Android (the shoppers' phones): Roboto and Noto Naskh Arabic (Android's Arabic UI font has the same
// advance widths). Windows and macOS: Arial. Measured with the regular weight.
const FALLBACKS: Fallback[] = [
  { family: 'Readex Pro Fallback', subset: 'latin', local: ['Roboto', 'Roboto Regular', 'Roboto-Regular'], file: 'roboto/unhinted/RobotoTTF/Roboto-Regular.ttf' },
  {
    family: 'Readex Pro Fallback',
    subset: 'arabic',
    local: ['Noto Naskh Arabic UI', 'Noto Naskh Arabic UI Regular', 'NotoNaskhArabicUI-Regular', 'Noto Naskh Arabic', 'Noto Naskh Arabic Regular', 'NotoNaskhArabic-Regular'],
    file: 'noto/NotoNaskhArabic-Regular.ttf',
  },
  { family: 'Readex Pro Fallback Arial', subset: 'latin', local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'], file: 'liberation/LiberationSans-Regular.ttf' },
]

function inRanges(code: number, list: string): boolean {
  return list.split(',').some((part) => {
    const [from, to] = part.replace(/^U\+/i, '').split('-').map((hex) => Number.parseInt(hex, 16)) as [number, number | undefined]
    return code >= from && code <= (to ?? from)
  })
}

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value.replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' '))
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out)
  return out
}

function storeText(locales: string[]): string {
  const texts: string[] = []
  for (const locale of locales) {
    const dir = path.join(root, 'apps/web/src/locales', locale)
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) strings(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), texts)
  }
  return texts.join(' ')
}

// The words drawn by each subset's face: Arabic runs only (spaces and digits come from the Latin face).
const SAMPLE: Record<Subset, string[]> = {
  arabic: storeText(['ar'])
    .split(/\s+/)
    .map((word) => [...word].filter((c) => inRanges(c.codePointAt(0) as number, ranges.arabic)).join(''))
    .filter(Boolean),
  latin: [[...storeText(['fr', 'en'])].filter((c) => inRanges(c.codePointAt(0) as number, ranges.latin)).join('').replace(/\s+/g, ' ')],
}

/** Average advance per character of the sample, in em. */
function averageAdvance(font: fontkit.Font, subset: Subset): number {
  let width = 0
  let characters = 0
  let missing = 0
  for (const run of SAMPLE[subset]) {
    const layout = font.layout(run)
    width += layout.advanceWidth
    characters += [...run].length
    missing += layout.glyphs.filter((g) => g.id === 0).length
  }
  if (missing > characters / 100) throw new Error(`${font.fullName} lacks ${missing} of the ${subset} sample's glyphs`)
  return width / characters / font.unitsPerEm
}

function open(file: string): fontkit.Font {
  const font = fontkit.openSync(file)
  if ('fonts' in font) throw new Error(`${file} is a collection`)
  return font
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`

const readex = (subset: Subset) => open(path.join(fontsource, `files/readex-pro-${subset}-wght-normal.woff2`))
const blocks = FALLBACKS.map((fallback) => {
  const primary = readex(fallback.subset)
  const system = open(path.join(fallbackDir, fallback.file))
  // Readex Pro sets USE_TYPO_METRICS and its hhea and typo values agree: 1000/-250/0 per 1000 units.
  const upm = primary.unitsPerEm
  const sizeAdjust = averageAdvance(primary, fallback.subset) / averageAdvance(system, fallback.subset)
  return [
    `/* ${fallback.subset}: ${system.fullName} (${fallback.file.split('/').pop()}) */`,
    '@font-face {',
    `  font-family: '${fallback.family}';`,
    `  src: ${fallback.local.map((name) => `local('${name}')`).join(', ')};`,
    `  size-adjust: ${percent(sizeAdjust)};`,
    `  ascent-override: ${percent(primary.ascent / upm / sizeAdjust)};`,
    `  descent-override: ${percent(-primary.descent / upm / sizeAdjust)};`,
    `  line-gap-override: ${percent(primary.lineGap / upm / sizeAdjust)};`,
    `  unicode-range: ${ranges[fallback.subset]};`,
    '}',
  ].join('\n')
})

const START = '/* fallback metrics: start (written by scripts/font-fallback-metrics.ts) */'
const END = '/* fallback metrics: end */'
const generated = `${START}\n${blocks.join('\n\n')}\n${END}`
if (process.argv.includes('--write')) {
  const css = readFileSync(cssFile, 'utf8')
  const from = css.indexOf(START)
  const to = css.indexOf(END)
  if (from < 0 || to < from) throw new Error(`${cssFile} has no fallback metrics markers`)
  writeFileSync(cssFile, css.slice(0, from) + generated + css.slice(to + END.length))
  console.log(`wrote ${path.relative(root, cssFile)}`)
} else {
  console.log(generated)
}
