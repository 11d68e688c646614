import '../../../lib/arabic-texts/tracking.ts'
import { useTranslation } from 'react-i18next'
import { isStopped, normalizeStatus } from '../timeline.ts'

export interface StatusBadgeProps {
  status: string
}

export function StatusBadge({ status }: StatusBadgeProps) {
  const { t } = useTranslation('tracking')
  const key = normalizeStatus(status)
  const tone = isStopped(status) ? 'bg-sale/10 text-sale' : key === 'delivered' ? 'bg-brand text-on-brand' : 'bg-brand/10 text-brand'
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${tone}`}>
      {t(`status.${key}`, { defaultValue: status })}
    </span>
  )
}
