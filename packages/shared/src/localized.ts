import type { Locale } from './locale.ts'

/** The catalogue is written in Arabic and French: French serves English readers too, and each falls back to the other. */
export function pickLocalized(arabic: string | null | undefined, french: string | null | undefined, locale: Locale): string {
  const ar = arabic?.trim() ?? ''
  const fr = french?.trim() ?? ''
  return locale === 'ar' ? ar || fr : fr || ar
}
