import en from '../locales/en/index.ts'
import fr from '../locales/fr/index.ts'

/** Tests render any language at once: French and English are given to createI18n up front. */
export const ALL_LANGUAGES = { fr, en }
