import type { Locale } from '@shop/shared'

// Tags a search engine or a social network reads from a storefront page. Everything that comes from
// the catalogue (names may contain "<script>") is escaped here, in one place.

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** JSON inside <script type="application/ld+json">: no "</script>", no HTML comment, no line separators. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** One line of at most `max` characters, cut at a word. */
export function summarize(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

const OG_LOCALE: Record<Locale, string> = { ar: 'ar_DZ', fr: 'fr_DZ', en: 'en_US' }

export interface PageTags {
  locale: Locale
  title: string
  description: string
  canonicalUrl: string
  siteName: string
  /** Absolute URL. */
  image?: { url: string; width: number; height: number; alt: string }
  type: 'website' | 'product'
  /** Whole dinars. */
  price?: number
  jsonLd?: unknown
  noIndex?: boolean
  /**
   * The image the first view is built around (the product photo, the first banner): fetched with
   * the HTML instead of after the scripts ran. `sizes` must match the page's <img> for the same pick.
   */
  preloadImage?: { src: string; srcSet: string; sizes: string }
}

export function renderHeadTags(tags: PageTags): string {
  const e = escapeHtml
  const lines = [
    `<title>${e(tags.title)}</title>`,
    `<meta name="description" content="${e(tags.description)}" />`,
    `<link rel="canonical" href="${e(tags.canonicalUrl)}" />`,
    `<meta property="og:type" content="${tags.type}" />`,
    `<meta property="og:site_name" content="${e(tags.siteName)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[tags.locale]}" />`,
    `<meta property="og:title" content="${e(tags.title)}" />`,
    `<meta property="og:description" content="${e(tags.description)}" />`,
    `<meta property="og:url" content="${e(tags.canonicalUrl)}" />`,
    `<meta name="twitter:card" content="${tags.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(tags.title)}" />`,
    `<meta name="twitter:description" content="${e(tags.description)}" />`,
  ]
  if (tags.noIndex) lines.push('<meta name="robots" content="noindex" />')
  if (tags.preloadImage) {
    const p = tags.preloadImage
    lines.push(`<link rel="preload" as="image" href="${e(p.src)}" imagesrcset="${e(p.srcSet)}" imagesizes="${e(p.sizes)}" fetchpriority="high" />`)
  }
  if (tags.image) {
    lines.push(
      `<meta property="og:image" content="${e(tags.image.url)}" />`,
      `<meta property="og:image:width" content="${tags.image.width}" />`,
      `<meta property="og:image:height" content="${tags.image.height}" />`,
      `<meta property="og:image:alt" content="${e(tags.image.alt)}" />`,
      `<meta name="twitter:image" content="${e(tags.image.url)}" />`,
    )
  }
  if (tags.price !== undefined) {
    lines.push(
      `<meta property="product:price:amount" content="${tags.price}" />`,
      '<meta property="product:price:currency" content="DZD" />',
    )
  }
  if (tags.jsonLd !== undefined) lines.push(`<script type="application/ld+json">${safeJson(tags.jsonLd)}</script>`)
  return lines.join('\n    ')
}

/**
 * The built index.html with the page's tags: its own <title> and description replace the defaults,
 * the rest goes at the end of <head>. The document's lang and dir follow the page's language.
 */
export function injectHead(indexHtml: string, tags: PageTags): string {
  const dir = tags.locale === 'ar' ? 'rtl' : 'ltr'
  // Replacer functions, never replacement strings: a name holding "$'", "$`" or "$&" goes in as written.
  const head = `  ${renderHeadTags(tags)}\n  </head>`
  return indexHtml
    .replace(/<html\b[^>]*>/i, () => `<html lang="${tags.locale}" dir="${dir}">`)
    .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '')
    .replace(/<\/head>/i, () => head)
}
