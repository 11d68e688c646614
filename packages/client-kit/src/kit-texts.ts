import { useTranslation } from 'react-i18next'

/**
 * The texts the kit's screens show, looked up in the app's `common` namespace: each app provides them
 * in Arabic, French and English (its locales test checks it). `connection.*` only where the app passes
 * `isPageLoadError` to the crash screen.
 */
export const KIT_TEXT_KEYS = ['actions.retry', 'actions.refresh', 'actions.goHome', 'crash.title', 'crash.message'] as const
export const KIT_CONNECTION_TEXT_KEYS = ['connection.title', 'connection.pageMessage'] as const

export type KitTextKey = (typeof KIT_TEXT_KEYS)[number] | (typeof KIT_CONNECTION_TEXT_KEYS)[number]

/**
 * `t` for the kit's own texts. The kit is compiled with each app's typed keys, and not every app has
 * every kit text (`connection.*`): the keys are typed here instead, at no cost in the bundle.
 */
export function useKitTexts(): (key: KitTextKey) => string {
  return useTranslation().t as unknown as (key: KitTextKey) => string
}
