import { ORDER_LIMIT_DEFAULTS, pickLocalized, type shopSettingsReply } from '@shop/shared'
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
})

/** The shop's name, logo and contacts: read by the header, the footer and the home page. */
export function useShopSettings() {
  return useQuery(shopSettingsQuery)
}

/**
 * The most units of one item an order may hold (the quantity steppers stop there): the shop's setting,
 * the default while the settings load or when they cannot.
 */
export function useMaxLineQuantity(): number {
  return useShopSettings().data?.orderLimits.maxLineQuantity ?? ORDER_LIMIT_DEFAULTS.maxLineQuantity
}

/**
 * The shop's name in the shopper's language; the translated brand name when settings could not load,
 * `undefined` while they load (so a default name never flashes before the real one).
 */
export function useShopName(): string | undefined {
  const { t } = useTranslation()
  const locale = useLocale()
  const settings = useShopSettings()
  if (settings.data) return pickLocalized(settings.data.name.ar, settings.data.name.fr, locale) || t('shop.name')
  return settings.isError ? t('shop.name') : undefined
}
