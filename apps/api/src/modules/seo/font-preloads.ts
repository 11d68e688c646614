import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Locale } from '@shop/shared'
import { escapeHtml } from './seo.tags.ts'

/**
 * The storefront build's `.vite/fonts.json` (apps/web vite.config.ts): the URL of the Readex Pro file
 * of each script the store writes, e.g. `{"arabic": "/assets/readex-pro-arabic-wght-normal-X.woff2",
 * "latin": "/assets/readex-pro-latin-wght-normal-Y.woff2"}`.
 */
export type FontManifest = Partial<Record<'arabic' | 'latin', string>>

/** Where `npm run build -w @shop/web` writes the manifest. */
export const DEFAULT_FONT_MANIFEST_PATH = fileURLToPath(new URL('../../../../web/dist/.vite/fonts.json', import.meta.url))

/** The font files a page's first paint draws with: Arabic pages show Latin digits and prices too. */
const SUBSETS: Record<Locale, readonly ('arabic' | 'latin')[]> = { ar: ['arabic', 'latin'], fr: ['latin'], en: ['latin'] }

/** `<link rel="preload">` tags for the fonts of a page in `locale`, one per line; '' without a manifest. */
export function fontPreloadTags(manifest: FontManifest | null, locale: Locale): string {
  if (!manifest) return ''
  return SUBSETS[locale]
    .flatMap((subset) => {
      const href = manifest[subset]
      return href ? [`<link rel="preload" as="font" type="font/woff2" href="${escapeHtml(href)}" crossorigin>`] : []
    })
    .join('\n    ')
}

const FONT_PRELOAD = /[ \t]*<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="font")[^>]*>\n?/gi

/**
 * The built index.html with its font preloads (Arabic and Latin, the default) replaced by those of
 * `locale`, at the place of the first one. Without a manifest the page keeps its defaults.
 */
export function withFontPreloads(indexHtml: string, manifest: FontManifest | null, locale: Locale): string {
  if (!manifest) return indexHtml
  let placed = false
  return indexHtml.replace(FONT_PRELOAD, (line) => {
    if (placed) return ''
    placed = true
    const indent = /^[ \t]*/.exec(line)?.[0] ?? ''
    return `${indent}${fontPreloadTags(manifest, locale)}${line.endsWith('\n') ? '\n' : ''}`
  })
}

/** Reads the manifest the storefront build wrote; null when the build is missing or older than the manifest. */
export async function readFontManifest(path: string): Promise<FontManifest | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'))
    if (!parsed || typeof parsed !== 'object') return null
    const manifest: FontManifest = {}
    for (const subset of ['arabic', 'latin'] as const) {
      const href = (parsed as Record<string, unknown>)[subset]
      if (typeof href === 'string' && href.startsWith('/')) manifest[subset] = href
    }
    return manifest
  } catch {
    return null
  }
}
