export const LOCALES = ['ar', 'fr', 'en'] as const
export type Locale = (typeof LOCALES)[number]
/** Arabic is the default and the fallback language of the store. */
export const DEFAULT_LOCALE: Locale = 'ar'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** Picks the first supported language of an Accept-Language header ('fr-DZ,fr;q=0.9' → 'fr'). */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return { lang: tag.trim().slice(0, 2).toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  return ranked.map((entry) => entry.lang).find(isLocale) ?? DEFAULT_LOCALE
}

export function textDirection(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr'
}

/**
 * The text for `locale` of a field written in Arabic and French (catalogue names, banners, settings): French
 * serves English readers too, and each language falls back to the other when its text is empty.
 */
export function pickLocalized(arabic: string | null | undefined, french: string | null | undefined, locale: Locale): string {
  const ar = arabic?.trim() ?? ''
  const fr = french?.trim() ?? ''
  return locale === 'ar' ? ar || fr : fr || ar
}
