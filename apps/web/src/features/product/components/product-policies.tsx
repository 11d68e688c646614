import { useTranslation } from 'react-i18next'

export interface ProductPoliciesProps {
  description: string
}

const SECTIONS = ['delivery', 'returns', 'cashOnDelivery'] as const

/** Description and the shop's promises, as disclosure sections (open by default for the description). */
export function ProductPolicies({ description }: ProductPoliciesProps) {
  const { t } = useTranslation('product')
  const item = 'border-b border-line py-1'
  const summary =
    'flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden'
  return (
    <div className="border-t border-line">
      {description ? (
        <details className={item} open>
          <summary className={summary}>
            {t('sections.description')}
            <span aria-hidden="true">+</span>
          </summary>
          <p className="pb-4 whitespace-pre-line text-muted">{description}</p>
        </details>
      ) : null}
      {SECTIONS.map((key) => (
        <details key={key} className={item}>
          <summary className={summary}>
            {t(`sections.${key}.title`)}
            <span aria-hidden="true">+</span>
          </summary>
          <p className="pb-4 text-muted">{t(`sections.${key}.body`)}</p>
        </details>
      ))}
    </div>
  )
}
