import { useTranslation } from 'react-i18next'

export interface Specification {
  label: string
  value: string
}

export interface ProductPoliciesProps {
  description: string
  /** What the product's own data says (category, sizes, colours), already translated. */
  specifications: Specification[]
}

const SECTIONS = ['delivery', 'returns', 'cashOnDelivery', 'reviews'] as const

/**
 * Description, specifications and the shop's promises, as disclosure sections (the description open by
 * default). The reviews section says how reviews will come: there is no rating until real ones exist.
 */
export function ProductPolicies({ description, specifications }: ProductPoliciesProps) {
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
      {specifications.length > 0 ? (
        <details className={item}>
          <summary className={summary}>
            {t('sections.specifications.title')}
            <span aria-hidden="true">+</span>
          </summary>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 pb-4 text-sm">
            {specifications.map((spec) => (
              <div key={spec.label} className="contents">
                <dt className="font-medium">{spec.label}</dt>
                <dd className="text-muted">{spec.value}</dd>
              </div>
            ))}
          </dl>
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
