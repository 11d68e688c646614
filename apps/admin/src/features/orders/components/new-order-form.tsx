import { useLocale } from '@shop/client-kit'
import { DELIVERY_TYPES, type DeliveryType, formatPrice, MANUAL_ORDER_SOURCES, type ManualOrderSource, normalizeDzMobile } from '@shop/shared'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useCommunes, useCreateOrder, useDeliveryFee } from '../api/use-order-edit.ts'
import { useWilayas } from '../api/use-orders.ts'
import { AddProduct, type DraftLine, LineEditor } from './order-edit-panel.tsx'

/**
 * An order taken by staff for a customer who ordered by phone, WhatsApp, Instagram, Facebook or in the shop:
 * the products (size and colour from the stock), the customer, the wilaya, commune and delivery type with
 * the fee checkout charges. The server checks and prices it as checkout does; pending puts it in the call
 * queue, confirmed when the customer confirmed while ordering.
 */
export function NewOrderForm() {
  const { t } = useTranslation(['orders', 'validation', 'common'])
  const locale = useLocale()
  const navigate = useNavigate()
  const [source, setSource] = useState<ManualOrderSource>('phone')
  const [status, setStatus] = useState<'pending' | 'confirmed'>('confirmed')
  const [lines, setLines] = useState<DraftLine[]>([])
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [phone, setPhone] = useState('')
  const [wilaya, setWilaya] = useState<number>(16)
  const [communeId, setCommuneId] = useState<number>(0)
  const [deliveryType, setDeliveryType] = useState<DeliveryType>('domicil')
  const [address, setAddress] = useState('')
  const [phoneTouched, setPhoneTouched] = useState(false)
  const wilayas = useWilayas()
  const communes = useCommunes(wilaya)
  const fee = useDeliveryFee(wilaya, deliveryType)
  const create = useCreateOrder()
  const error = useErrorMessage(create.error)
  const feeError = useErrorMessage(fee.error)

  const communeList = communes.data
  useEffect(() => {
    if (communeList && communeList.length > 0 && !communeList.some((c) => c._id === communeId)) setCommuneId(communeList[0]!._id)
  }, [communeList, communeId])

  const phoneOk = normalizeDzMobile(phone) !== null
  const subtotal = lines.reduce((sum, l) => sum + (l.price ?? 0) * l.quantity, 0)
  const price = (n: number) => formatPrice(n, locale)
  const setLine = (key: string, patch: Partial<DraftLine>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)))

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        setPhoneTouched(true)
        if (!phoneOk || lines.length === 0) return
        create.mutate(
          {
            source,
            status,
            order: {
              items: lines.map((l) => ({ productId: l.productId, size: l.size, color: l.color, quantity: l.quantity })),
              customerInfo: { firstName, lastName, phone },
              shippingAddress: { wilayaId: wilaya, communeId, type: deliveryType, address: address.trim() || null },
            },
          },
          { onSuccess: (page) => void navigate(`/orders/${page.order._id}`) },
        )
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{t('newOrder.title')}</h1>
        <Link to="/orders" className="text-sm text-muted underline-offset-2 hover:underline">
          {t('newOrder.back')}
        </Link>
      </div>
      <SectionCard title={t('newOrder.source')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('newOrder.source')}
            value={source}
            onChange={(e) => setSource(e.target.value as ManualOrderSource)}
            options={MANUAL_ORDER_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
          />
          <SelectField
            label={t('newOrder.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value as 'pending' | 'confirmed')}
            options={[
              { value: 'confirmed', label: t('newOrder.statusConfirmed') },
              { value: 'pending', label: t('newOrder.statusPending') },
            ]}
          />
        </div>
      </SectionCard>
      <SectionCard title={t('newOrder.products')}>
        <div className="flex flex-col gap-3">
          {lines.map((line) => (
            <LineEditor
              key={line.key}
              line={line}
              canRemove
              onChange={(patch) => setLine(line.key, patch)}
              onRemove={() => setLines((all) => all.filter((l) => l.key !== line.key))}
            />
          ))}
          {lines.length === 0 && phoneTouched ? <p className="text-sm text-danger">{t('newOrder.empty')}</p> : null}
          <AddProduct
            onAdd={(product) =>
              setLines((all) => [...all, { key: `new-${Date.now()}`, productId: product.id, name: product.name, size: '', color: '', quantity: 1, price: product.price }])
            }
          />
        </div>
      </SectionCard>
      <SectionCard title={t('orderEdit.customer')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('orderEdit.firstName')} name="firstName" required value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          <TextField label={t('orderEdit.lastName')} name="lastName" required value={lastName} onChange={(e) => setLastName(e.target.value)} />
          <TextField
            label={t('orderEdit.phone')}
            name="phone"
            dir="ltr"
            inputMode="tel"
            required
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            onBlur={() => setPhoneTouched(true)}
            error={phoneTouched && !phoneOk ? t('validation:phone.invalid') : undefined}
          />
          <SelectField
            label={t('orderEdit.wilaya')}
            value={String(wilaya)}
            onChange={(e) => setWilaya(Number(e.target.value))}
            options={(wilayas.data ?? []).map((w) => ({ value: String(w._id), label: `${w.code} ${w.name}` }))}
          />
          <SelectField
            label={t('orderEdit.commune')}
            value={String(communeId)}
            onChange={(e) => setCommuneId(Number(e.target.value))}
            options={(communeList ?? []).map((c) => ({ value: String(c._id), label: c.name }))}
          />
          <SelectField
            label={t('orderEdit.deliveryType')}
            value={deliveryType}
            onChange={(e) => setDeliveryType(e.target.value as DeliveryType)}
            options={DELIVERY_TYPES.map((type) => ({ value: type, label: t(`deliveryType.${type}`) }))}
          />
          <TextField label={t('orderEdit.address')} name="address" value={address} onChange={(e) => setAddress(e.target.value)} />
        </div>
      </SectionCard>
      <SectionCard title={t('newOrder.total')}>
        <dl className="flex max-w-xs flex-col gap-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t('newOrder.subtotal')}</dt>
            <dd className="tabular-nums">{price(subtotal)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t('newOrder.fee')}</dt>
            <dd className="tabular-nums">{fee.data ? price(fee.data.price) : feeError ? <span className="text-danger">{feeError}</span> : '…'}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-line pt-1 text-base font-bold">
            <dt>{t('newOrder.total')}</dt>
            <dd className="tabular-nums" data-testid="new-order-total">
              {fee.data ? price(subtotal + fee.data.price) : '…'}
            </dd>
          </div>
        </dl>
      </SectionCard>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <button type="submit" className={buttonClass('primary', 'self-start')} disabled={create.isPending}>
        {t('newOrder.create')}
      </button>
    </form>
  )
}
