import { useLocale } from '@shop/client-kit'
import { colorName, formatPrice } from '@shop/shared'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import type { PlacedOrder } from '@shop/shared'
import { OrderSummary } from './order-summary.tsx'
import { DocumentTitle } from '../../../lib/document-title.tsx'

export interface ThankYouViewProps {
  order: PlacedOrder | null
  isSignedIn: boolean
}

export function ThankYouView({ order, isSignedIn }: ThankYouViewProps) {
  const { t } = useTranslation('checkout')
  const locale = useLocale()
  if (!order) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <p className="text-lg">{t('thankYou.missing')}</p>
        <Link to="/collection" className={buttonClass('primary')}>
          {t('thankYou.continue')}
        </Link>
      </div>
    )
  }
  const lines = order.orderItems ?? []
  const itemCount = lines.reduce((sum, item) => sum + item.quantity, 0)
  const customer = `${order.customerInfo.firstName} ${order.customerInfo.lastName}`
  const rows: [string, ReactNode][] = [
    [t('thankYou.number'), <bdi dir="ltr" key="n">{order.trackingNumber}</bdi>],
    [t('thankYou.customer'), customer],
    [t('thankYou.phone'), <bdi dir="ltr" key="p">{order.customerInfo.phone}</bdi>],
    [t('thankYou.items'), String(itemCount)],
    [t('thankYou.payment'), t(`payment.${order.paymentMethod}`)],
  ]
  const details = order.paymentMethod === 'bank_transfer' ? order.payment?.bankDetails : order.paymentMethod === 'ccp' ? order.payment?.ccpDetails : null

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <DocumentTitle>{t('thankYou.title')}</DocumentTitle>
      <div className="flex flex-col items-center gap-3 text-center">
        <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-brand text-2xl text-on-brand">
          ✓
        </span>
        <h1 className="text-2xl font-bold">{t('thankYou.title')}</h1>
        <p className="text-muted">{t('callNote')}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg bg-surface/70 p-5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="thank-you-lines" className="flex flex-col gap-3 rounded-lg border border-line p-5">
        <h2 id="thank-you-lines" className="text-lg font-semibold">
          {t('thankYou.linesTitle')}
        </h2>
        {lines.length > 0 ? (
          <ul className="flex flex-col divide-y divide-line text-sm">
            {lines.map((item, index) => (
              <li key={item._id ?? index} className="flex justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block font-medium">{item.product?.name || t('thankYou.productFallback')}</span>
                  <span className="block text-muted">
                    {[
                      item.size ? t('thankYou.size', { size: item.size }) : '',
                      item.color ? t('thankYou.color', { color: colorName(item.color, locale) }) : '',
                      t('summary.quantity', { count: item.quantity }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                <span className="shrink-0">{formatPrice(item.lineTotal ?? item.priceAtPurchase * item.quantity, locale)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {typeof order.subtotal === 'number' && typeof order.shippingFee === 'number' ? (
          <OrderSummary subtotal={order.subtotal} discount={order.discountAmount ?? 0} deliveryFee={order.shippingFee} total={order.totalAmount} />
        ) : (
          <p className="flex justify-between gap-4 border-t border-line pt-3 text-lg font-bold">
            <span>{t('thankYou.total')}</span>
            <span>{formatPrice(order.totalAmount, locale)}</span>
          </p>
        )}
      </section>
      {order.paymentMethod !== 'cash_on_delivery' ? (
        <div className="rounded-lg border border-line p-4 text-sm">
          <p className="font-semibold">{t('payment.accountTitle')}</p>
          <p className="mt-1 whitespace-pre-line" dir="auto">
            {details || t('payment.accountMissing')}
          </p>
          <p className="mt-2 text-muted">{t('thankYou.transferNote')}</p>
        </div>
      ) : null}
      <section aria-labelledby="next-steps">
        <h2 id="next-steps" className="text-lg font-semibold">
          {t('thankYou.nextTitle')}
        </h2>
        <ol className="mt-3 flex flex-col gap-3">
          {(['step1', 'step2', 'step3'] as const).map((step, index) => (
            <li key={step} className="flex items-start gap-3">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand/10 text-sm font-bold text-brand">
                {index + 1}
              </span>
              <span>{t(step === 'step3' && order.paymentMethod !== 'cash_on_delivery' ? 'thankYou.step3Prepaid' : `thankYou.${step}`)}</span>
            </li>
          ))}
        </ol>
      </section>
      <div className="flex flex-wrap gap-3">
        {isSignedIn ? (
          <Link to="/orders" className={buttonClass('primary')}>
            {t('thankYou.orders')}
          </Link>
        ) : (
          <Link to="/tracking" className={buttonClass('primary')}>
            {t('thankYou.track')}
          </Link>
        )}
        <Link to="/collection" className={buttonClass('secondary')}>
          {t('thankYou.continue')}
        </Link>
      </div>
    </div>
  )
}
