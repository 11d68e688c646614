import { useLocale } from '@shop/client-kit'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
// packages/shared/src/index.ts does not export catalogue.ts yet: switch to '@shop/shared' once it does.
import { colorHex, colorName } from '../../../../../../packages/shared/src/catalogue.ts'
import { tableClasses as c } from '../../../components/ui/table-classes.ts'
import { pickLocalized } from '@shop/shared'
import type { LowStockVariant } from '@shop/shared'

export interface LowStockTableProps {
  items: LowStockVariant[]
}

/** Variants about to run out, emptiest first (the API's order); the head stays put while the list scrolls. */
export function LowStockTable({ items }: LowStockTableProps) {
  const { t } = useTranslation('dashboard')
  const locale = useLocale()
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2">
      <h2 id={titleId} className="text-base font-semibold">
        {t('lowStock.title')}
      </h2>
      {items.length === 0 ? (
        <p className="rounded-lg border border-line bg-white px-4 py-6 text-sm text-muted">{t('lowStock.empty')}</p>
      ) : (
        <div className={`${c.box} max-h-[26rem]`}>
          <table className={c.table} aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col" className={c.th}>
                  {t('lowStock.product')}
                </th>
                <th scope="col" className={c.th}>
                  {t('lowStock.size')}
                </th>
                <th scope="col" className={c.th}>
                  {t('lowStock.color')}
                </th>
                <th scope="col" className={c.thFigure}>
                  {t('lowStock.stock')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.variantId}>
                  <th scope="row" className={`${c.td} font-medium`}>
                    {pickLocalized(item.productName.ar, item.productName.fr, locale)}
                  </th>
                  <td className={c.td}>
                    <bdi>{item.size}</bdi>
                  </td>
                  <td className={c.td}>
                    <span className="inline-flex items-center gap-2 whitespace-nowrap">
                      <span
                        className="size-3 shrink-0 rounded-full border border-ink/20"
                        style={{ backgroundColor: colorHex(item.color) }}
                        aria-hidden="true"
                      />
                      {colorName(item.color, locale)}
                    </span>
                  </td>
                  <td className={`${c.tdFigure} ${item.stock === 0 ? 'font-bold' : ''}`}>{item.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
