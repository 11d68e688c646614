import { useLocale } from '@shop/client-kit'
import { formatPrice, type RiskReply } from '@shop/shared'
import { useTranslation } from 'react-i18next'

// Red is kept for errors and the riskiest level; each pair passes WCAG AA.
const TONE = {
  trusted: 'bg-brand-soft text-brand',
  normal: 'bg-surface text-ink',
  high: 'bg-amber-soft text-amber-ink',
  very_high: 'bg-danger text-white',
} as const

export interface RiskBadgeProps {
  risk: RiskReply
}

/** The phone's risk level as a chip with its name, what the shop does with it, and every reason behind it. */
export function RiskBadge({ risk }: RiskBadgeProps) {
  const { t } = useTranslation('customers')
  const locale = useLocale()
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[risk.level]}`}>
          {t(`risk.level.${risk.level}`)}
        </span>
        <span className="text-sm text-muted">{t(`risk.action.${risk.action}`)}</span>
      </div>
      {risk.reasons.length > 0 ? (
        <ul aria-label={t('risk.reasons')} className="flex flex-col gap-1 text-sm">
          {risk.reasons.map((reason) => (
            <li key={reason.code} className="flex items-start gap-2">
              <span aria-hidden="true" className={reason.points > 0 ? 'text-danger' : 'text-brand'}>
                {reason.points > 0 ? '▲' : '▼'}
              </span>
              <span>
                {t(`risk.reason.${reason.code}`, {
                  count: reason.count ?? 0,
                  amount: formatPrice(reason.amount ?? 0, locale),
                  threshold: formatPrice(reason.threshold ?? 0, locale),
                })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('risk.noReason')}</p>
      )}
    </div>
  )
}
