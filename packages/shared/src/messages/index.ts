import type { Locale } from '../locale.ts'
import { ar } from './ar.ts'
import { en } from './en.ts'
import { fr } from './fr.ts'
import type { Messages } from './types.ts'

export type { Messages }
export const MESSAGES: Record<Locale, Messages> = { ar, fr, en }
export type MessageNamespace = keyof Messages

/**
 * Looks up 'namespace:key' (e.g. 'errors:OUT_OF_STOCK', 'validation:phone.invalid') in a language,
 * falling back to Arabic, then to the key itself; {{name}} placeholders are filled from params.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const [namespace, ...rest] = key.split(':')
  const item = rest.join(':')
  const lookup = (lang: Locale): string | undefined => {
    const table = MESSAGES[lang][namespace as MessageNamespace] as Record<string, string> | undefined
    return table?.[item]
  }
  const template = lookup(locale) ?? lookup('ar') ?? key
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''))
}
