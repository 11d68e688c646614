import { pickLocalized, type shopSettingsReply } from '@shop/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from './api.ts'
import { useLocale } from '@shop/client-kit'

export const settingsKeys = {
  shop: () => ['settings', 'shop'] as const,
}

export const shopSettingsQuery = queryOptions({
  queryKey: settingsKeys.shop(),
  queryFn: ({ signal }) => api<typeof shopSettingsReply>('/settings', { signal }).then((data) => data.settings),
  // The name changes from the settings screen, not while staff work.
  staleTime: Number.POSITIVE_INFINITY,
})

/**
 * The shop's name in the staff member's language; the translated brand name when settings could not load,
 * `undefined` while they load (so a default name never flashes before the real one).
 */
export function useShopName(): string | undefined {
  const { t } = useTranslation()
  const locale = useLocale()
  const settings = useQuery(shopSettingsQuery)
  if (settings.data) return pickLocalized(settings.data.name.ar, settings.data.name.fr, locale) || t('shop.name')
  return settings.isError ? t('shop.name') : undefined
}
