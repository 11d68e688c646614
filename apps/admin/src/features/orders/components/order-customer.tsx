import type { AdminOrder } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { SectionCard } from '../../../components/ui/section-card.tsx'

export interface OrderCustomerProps {
  order: AdminOrder
}

/** The shopper's note from checkout, read-only (staff write their own notes apart). */
export function CustomerNote({ note }: { note: string | null | undefined }) {
  const { t } = useTranslation('orders')
  if (!note) return <span className="text-muted">{t('customer.noNote')}</span>
  return (
    <p className="rounded-md bg-amber-soft px-2 py-1 break-words whitespace-pre-line text-amber-ink">
      <bdi>{note}</bdi>
    </p>
  )
}

/** Who and where: the phone is a tel: link, so staff on a phone call with one tap. */
export function OrderCustomer({ order }: OrderCustomerProps) {
  const { t } = useTranslation('orders')
  const name = order.customerName || `${order.customer.firstName} ${order.customer.lastName}`.trim()
  return (
    <SectionCard title={t('customer.title')}>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">{t('customer.name')}</dt>
        <dd className="font-medium">
          <bdi>{name}</bdi>
        </dd>
        <dt className="text-muted">{t('customer.phone')}</dt>
        <dd>
          <a href={`tel:${order.phone}`} className="font-semibold text-brand underline underline-offset-2">
            <bdi dir="ltr">{order.phone}</bdi>
          </a>
        </dd>
        <dt className="text-muted">{t('customer.note')}</dt>
        <dd>
          <CustomerNote note={order.customerNote ?? order.notes} />
        </dd>
        {order.customer.email ? (
          <>
            <dt className="text-muted">{t('customer.email')}</dt>
            <dd>
              <bdi dir="ltr">{order.customer.email}</bdi>
            </dd>
          </>
        ) : null}
        <dt className="text-muted">{t('customer.wilaya')}</dt>
        <dd>
          <bdi dir="ltr">{String(order.address.wilayaCode).padStart(2, '0')}</bdi> {order.address.wilayaName} · {order.address.communeName}
        </dd>
        <dt className="text-muted">{t('customer.deliveryType')}</dt>
        <dd>{t(`deliveryType.${order.deliveryType}`)}</dd>
        {order.address.street ? (
          <>
            <dt className="text-muted">{t('customer.address')}</dt>
            <dd className="whitespace-pre-line">
              <bdi>{order.address.street}</bdi>
            </dd>
          </>
        ) : null}
        <dt className="text-muted">{t('customer.payment')}</dt>
        <dd>
          {t(`paymentMethod.${order.paymentMethod}`)} · {t(`paymentStatus.${order.paymentStatus}`)}
        </dd>
      </dl>
    </SectionCard>
  )
}
