import type { LocaleResources } from './i18n.ts'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: LocaleResources
  }
}
