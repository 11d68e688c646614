import '../../../lib/arabic-texts/marketing.ts'
import { useTranslation } from 'react-i18next'
import { useShopSettings } from '../../../lib/shop-settings.ts'

/** The doubts a first-time shopper has, answered under the hero: how to pay, where it ships, whom to call. */
export function TrustStrip() {
  const { t } = useTranslation('marketing')
  const phone = useShopSettings().data?.phone
  const item = 'flex min-h-11 items-center justify-center px-2 py-2 text-center text-xs font-medium sm:text-sm'
  return (
    <ul aria-label={t('trust.label')} className="grid grid-cols-3 divide-x divide-line border-b border-line bg-paper">
      <li className={item}>{t('trust.cashOnDelivery')}</li>
      <li className={item}>{t('trust.delivery')}</li>
      <li className={item}>
        {phone ? (
          <a
            href={`tel:${phone}`}
            className="flex min-h-11 flex-col items-center justify-center underline-offset-4 hover:underline"
          >
            <span>{t('trust.orderByPhone')}</span>
            <bdi dir="ltr" className="font-semibold text-brand">
              {phone}
            </bdi>
          </a>
        ) : (
          t('trust.orderByPhone')
        )}
      </li>
    </ul>
  )
}
