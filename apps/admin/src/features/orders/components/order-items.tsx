import { type AdminOrder, colorName, formatPrice } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { tableClasses as c } from '../../../components/ui/table-classes.ts'
import { isolate } from '../../../lib/bidi.ts'
import { pickLocalized } from '@shop/shared'
import { mediaSrc } from '../../../lib/media.ts'
import { useLocale } from '@shop/client-kit'

export interface OrderItemsProps {
  order: AdminOrder
}

/** The lines as bought (names and prices of that day), then subtotal, coupon, delivery fee and total. */
export function OrderItems({ order }: OrderItemsProps) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const price = (amount: number) => formatPrice(amount, locale)
  return (
    <SectionCard title={t('items.title')}>
      <div className="overflow-x-auto">
        <table className={c.table} aria-label={t('items.title')}>
          <thead>
            <tr>
              <th scope="col" className={c.th}>
                {t('items.product')}
              </th>
              <th scope="col" className={c.thFigure}>
                {t('items.quantity')}
              </th>
              <th scope="col" className={`${c.thFigure} hidden sm:table-cell`}>
                {t('items.unitPrice')}
              </th>
              <th scope="col" className={c.thFigure}>
                {t('items.lineTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item._id}>
                <th scope="row" className={`${c.td} font-medium`}>
                  <div className="flex items-center gap-3">
                    {item.image ? (
                      <img src={mediaSrc(item.image)} alt="" width={40} height={40} className="size-10 rounded-md object-cover" />
                    ) : null}
                    <div>
                      <span className="block">{pickLocalized(item.nameAr ?? item.name, item.nameFr ?? item.name, locale)}</span>
                      <span className="text-xs font-normal text-muted">
                        {t('items.variant', { size: isolate(item.size), color: isolate(colorName(item.color, locale)) })}
                        {item.sku ? (
                          <>
                            {' · '}
                            <bdi dir="ltr">{item.sku}</bdi>
                          </>
                        ) : null}
                      </span>
                    </div>
                  </div>
                </th>
                <td className={c.tdFigure}>{item.quantity}</td>
                <td className={`${c.tdFigure} hidden whitespace-nowrap sm:table-cell`}>{price(item.unitPrice)}</td>
                <td className={`${c.tdFigure} whitespace-nowrap`}>{price(item.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-3 ms-auto flex max-w-xs flex-col gap-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('totals.subtotal')}</dt>
          <dd className="tabular-nums">{price(order.subtotal)}</dd>
        </div>
        {order.discount > 0 || order.coupon ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">
              {order.coupon ? (
                <>
                  {t('totals.coupon')} <bdi dir="ltr" className="font-semibold text-ink">{order.coupon.code}</bdi>
                </>
              ) : (
                t('totals.discount')
              )}
            </dt>
            <dd className="tabular-nums">{price(-order.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-muted">
            {t('totals.delivery', { type: t(`deliveryType.${order.deliveryType}`) })}
          </dt>
          <dd className="tabular-nums">{order.deliveryFee === 0 ? t('totals.free') : price(order.deliveryFee)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-line pt-1 text-base font-bold">
          <dt>{t('totals.total')}</dt>
          <dd className="tabular-nums">{price(order.totalAmount)}</dd>
        </div>
      </dl>
    </SectionCard>
  )
}
