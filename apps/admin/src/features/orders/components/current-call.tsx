import { type CallQueueCurrent, colorName, formatPrice, type OrderPage, pickLocalized } from '@shop/shared'
import { useLocale } from '@shop/client-kit'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { OrderStatusChip } from '../../../components/ui/order-status-chip.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { formatDateTime } from '../../../lib/dates.ts'
import { whatsAppLink } from '../call-shortcuts.ts'
import { ConfirmLinkField } from './confirm-link-field.tsx'
import { OrderEditPanel } from './order-edit-panel.tsx'
import { CustomerNote } from './order-customer.tsx'
import { OrderItems } from './order-items.tsx'

export interface CurrentCallProps {
  current: CallQueueCurrent
  /** The shop's name in Arabic and French, for the WhatsApp message. */
  shopName: { ar: string; fr: string } | undefined
  children: React.ReactNode
  /** The customer card of the order's phone (another feature, given by the route). */
  customer?: React.ReactNode
  /** The order as an edit during the call left it. */
  onEdited: (page: OrderPage) => void
}


/** The order an agent is calling: who, where, what, how much, the ways to reach the customer, and the outcomes (children). */
export function CurrentCall({ current, shopName, children, customer, onEdited }: CurrentCallProps) {
  const { t, i18n } = useTranslation('orders')
  const locale = useLocale()
  const { order } = current
  // the WhatsApp message in the language the customer ordered in
  const customerLocale = order.locale
  // opened in the customer's language (the storefront's ?lang=)
  const link = current.confirmLink ? `${window.location.origin}${current.confirmLink}?lang=${order.locale}` : null
  const customerT = i18n.getFixedT(customerLocale, 'orders')
  const message = customerT('queue.whatsapp.message', {
    name: order.customer.firstName,
    shop: shopName ? pickLocalized(shopName.ar, shopName.fr, customerLocale) : '',
    number: order.trackingNumber,
    items: order.items
      .map((item) => `${pickLocalized(item.nameAr, item.nameFr, customerLocale)} (${item.size}، ${colorName(item.color, customerLocale)}) ×${item.quantity}`)
      .join('، '),
    total: formatPrice(order.totalAmount, customerLocale),
    link: link ?? '',
  })
  const address = [order.address.street, order.address.communeName, order.address.wilayaName].filter(Boolean).join('، ')

  return (
    <div className="flex flex-col gap-4">
      <SectionCard
        title={t('queue.current', { number: `\u2068${order.trackingNumber}\u2069` })}
        actions={
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <OrderStatusChip status={order.status} />
            <span>{t('call.attempts', { count: order.callAttempts })}</span>
            {current.assignedUntil ? (
              <span>{t('queue.heldUntil', { time: formatDateTime(current.assignedUntil, locale) })}</span>
            ) : (
              <span>{t('queue.assignedToYou')}</span>
            )}
          </div>
        }
      >
        <div className="flex flex-col gap-3">
          {current.customerRequest ? (
            <div role="note" className="rounded-md border border-amber-ink/30 bg-amber-soft p-3 text-sm text-amber-ink">
              <p className="font-semibold">{t('queue.customerRequest')}</p>
              <p className="whitespace-pre-line">{current.customerRequest.note}</p>
            </div>
          ) : null}
          <div className="flex flex-col gap-1">
            <p className="text-lg font-semibold">{order.customerName}</p>
            <p className="text-sm">{address}</p>
            <p className="text-sm text-muted">{t(`deliveryType.${order.deliveryType}`)}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <a href={`tel:${order.phone}`} className={buttonClass('primary')}>
              {t('call.dial')} <bdi dir="ltr">{order.phone}</bdi>
            </a>
            <a href={whatsAppLink(order.phone, message)} target="_blank" rel="noreferrer" className={buttonClass('secondary')}>
              {t('queue.whatsapp.open')}
            </a>
          </div>
          {order.customerNote ? (
            <div className="text-sm">
              <p className="mb-1 font-medium">{t('customer.note')}</p>
              <CustomerNote note={order.customerNote} />
            </div>
          ) : null}
          <p className="text-base">
            {t('queue.total')} <strong className="text-xl">{formatPrice(order.totalAmount, locale)}</strong>
          </p>
        </div>
      </SectionCard>
      {customer}
      <SectionCard title={t('queue.outcome')}>{children}</SectionCard>
      <OrderItems order={order} />
      {/* another size, colour, quantity or address while the customer is on the line */}
      <OrderEditPanel key={`edit-${order.version}`} order={order} onSaved={onEdited} />
      {link ? <ConfirmLinkField link={link} /> : null}
    </div>
  )
}
