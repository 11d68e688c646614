import { colorName, formatPrice, type PlacedOrder } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { FormField, INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import type { Cart, ClientUser } from '@shop/shared'
import { useLocale } from '@shop/client-kit'
import { NOTES_MAX } from '../checkout-form.ts'
import { useCheckout } from '../use-checkout.ts'
import { CouponBox } from './coupon-box.tsx'
import { DeliveryTypeField } from './delivery-type-field.tsx'
import { OrderSummary } from './order-summary.tsx'
import { PaymentMethodField } from './payment-method-field.tsx'
import { WilayaCommuneFields } from './wilaya-commune-fields.tsx'
import { DocumentTitle } from '../../../lib/document-title.tsx'

export interface CheckoutViewProps {
  cart: Cart | undefined
  isCartLoading: boolean
  owner: 'guest' | 'client'
  user: ClientUser | null
  /** Called once the order is placed and the thank-you page has replaced this one (the cart route empties its cache). */
  onPlaced: (order: PlacedOrder) => void
}

/** The one-screen checkout of /place-order. */
export function CheckoutView({ cart, isCartLoading, owner, user, onPlaced }: CheckoutViewProps) {
  const { t } = useTranslation(['checkout', 'cart'])
  const locale = useLocale()
  const {
    values,
    setValues,
    setErrors,
    set,
    setDeliveryType,
    errorOf,
    coupon,
    quote,
    discount,
    subtotal,
    totals,
    isPlacing,
    orderable,
    canSubmit,
    send,
    onSubmit,
    priceChange,
    setPriceChange,
    formError,
    couponError,
  } = useCheckout({ cart, owner, user, onPlaced })

  if (isCartLoading) {
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    )
  }

  if (!cart || cart.isEmpty) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
        <h1 className="text-xl font-bold">{t('emptyCart.title')}</h1>
        <p className="text-muted">{t('emptyCart.text')}</p>
        <Link to="/collection" className={buttonClass('primary', 'mt-2')}>
          {t('emptyCart.cta')}
        </Link>
      </div>
    )
  }

  const section = 'flex flex-col gap-4 rounded-lg border border-line bg-white/60 p-4 md:p-5'
  const submitLabel = isPlacing
    ? t('submitting')
    : totals
      ? t('submit', { amount: formatPrice(totals.total, locale) })
      : t('submitNoAmount')

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:px-6 md:py-8">
      <DocumentTitle>{t('title')}</DocumentTitle>
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      {/* a plain form too: before (or without) the scripts the server places the order (apps/api order-forms.ts) */}
      <form
        method="post"
        action={`/place-order?lang=${locale}`}
        noValidate
        onSubmit={onSubmit}
        className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start"
      >
        <div className="flex flex-col gap-6">
          <section aria-labelledby="checkout-customer" className={section}>
            <h2 id="checkout-customer" className="text-lg font-semibold">
              {t('sections.customer')}
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="firstName" label={t('customer.firstName')} error={errorOf('firstName')}>
                {(control) => (
                  <input {...control} name="firstName" autoComplete="given-name" className={INPUT_CLASS} value={values.firstName} onChange={(e) => set('firstName', e.target.value)} />
                )}
              </FormField>
              <FormField id="lastName" label={t('customer.lastName')} error={errorOf('lastName')}>
                {(control) => (
                  <input {...control} name="lastName" autoComplete="family-name" className={INPUT_CLASS} value={values.lastName} onChange={(e) => set('lastName', e.target.value)} />
                )}
              </FormField>
            </div>
            <FormField id="phone" label={t('customer.phone')} error={errorOf('phone')}>
              {(control) => (
                <input
                  {...control}
                  name="phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  dir="ltr"
                  placeholder={t('customer.phonePlaceholder')}
                  className={`${INPUT_CLASS} text-start`}
                  value={values.phone}
                  onChange={(e) => set('phone', e.target.value)}
                />
              )}
            </FormField>
            {owner === 'guest' ? (
              <FormField id="email" label={t('customer.email')} labelSuffix={t('customer.optional')} hint={t('customer.emailHint')} error={errorOf('email')}>
                {(control) => (
                  <input
                    {...control}
                    name="email"
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    dir="ltr"
                    className={`${INPUT_CLASS} text-start`}
                    value={values.email}
                    onChange={(e) => set('email', e.target.value)}
                  />
                )}
              </FormField>
            ) : null}
          </section>

          <section aria-labelledby="checkout-delivery" className={section}>
            <h2 id="checkout-delivery" className="text-lg font-semibold">
              {t('sections.delivery')}
            </h2>
            <WilayaCommuneFields
              value={{ wilaya: values.wilaya, commune: values.commune }}
              onChange={(place) => {
                setValues((current) => ({ ...current, ...place }))
                setErrors((current) => ({ ...current, wilaya: undefined, commune: undefined }))
              }}
              errors={{ wilaya: errorOf('wilaya'), commune: errorOf('commune') }}
            />
            <DeliveryTypeField
              wilaya={values.wilaya}
              value={values.deliveryType}
              onChange={setDeliveryType}
              error={errorOf('deliveryType')}
              name="deliveryType"
            />
            {values.deliveryType === 'domicil' ? (
              <FormField id="address" label={t('customer.address')} hint={t('customer.addressHint')} error={errorOf('address')}>
                {(control) => (
                  <input {...control} name="address" dir="auto" autoComplete="street-address" maxLength={200} className={INPUT_CLASS} value={values.address} onChange={(e) => set('address', e.target.value)} />
                )}
              </FormField>
            ) : null}
            <FormField
              id="notes"
              label={t('customer.notes')}
              labelSuffix={t('customer.optional')}
              hint={t('customer.notesHint', { count: values.notes.length })}
              error={errorOf('notes')}
            >
              {(control) => (
                <textarea {...control} name="notes" rows={3} className={`${INPUT_CLASS} py-2`} value={values.notes} onChange={(e) => set('notes', e.target.value.slice(0, NOTES_MAX + 50))} />
              )}
            </FormField>
          </section>

          <section aria-labelledby="checkout-payment" className={section}>
            <h2 id="checkout-payment" className="text-lg font-semibold">
              {t('sections.payment')}
            </h2>
            <PaymentMethodField value={values.paymentMethod} onChange={(method) => set('paymentMethod', method)} />
          </section>
        </div>

        <aside className={`${section} lg:sticky lg:top-20`} aria-labelledby="checkout-summary">
          <h2 id="checkout-summary" className="text-lg font-semibold">
            {t('summary.title')}
          </h2>
          <ul className="flex flex-col divide-y divide-line text-sm">
            {orderable.map((item) => (
              <li key={item._id} className="flex justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block truncate font-medium">{item.product.name}</span>
                  <span className="block text-xs text-muted">
                    {[item.size, item.color ? colorName(item.color, locale) : ''].filter(Boolean).join(' · ')} ·{' '}
                    {t('summary.quantity', { count: item.quantity })}
                  </span>
                </span>
                <span className="shrink-0">{formatPrice(item.totalPrice, locale)}</span>
              </li>
            ))}
          </ul>
          {cart.hasUnavailable ? <p className="text-sm text-sale">{t('cart:unavailableNotice')}</p> : null}
          <CouponBox coupon={coupon} sentBackError={couponError} />
          <OrderSummary subtotal={subtotal} discount={discount} deliveryFee={quote.fee} total={totals?.total} />

          {priceChange ? (
            <div role="alertdialog" aria-labelledby="price-changed-title" className="flex flex-col gap-3 rounded-md border border-sale/40 bg-sale/5 p-4">
              <p id="price-changed-title" className="font-semibold">
                {t('priceChanged.title')}
              </p>
              <p className="text-sm">{t('priceChanged.text')}</p>
              <OrderSummary
                subtotal={priceChange.subtotal}
                discount={priceChange.discountAmount}
                deliveryFee={priceChange.shippingFee}
                total={priceChange.totalAmount}
              />
              <button type="button" disabled={isPlacing} onClick={() => send(priceChange.totalAmount)} className={buttonClass('primary', 'w-full')}>
                {t('priceChanged.confirm', { amount: formatPrice(priceChange.totalAmount, locale) })}
              </button>
              <button type="button" onClick={() => setPriceChange(null)} className={buttonClass('secondary', 'w-full')}>
                {t('priceChanged.cancel')}
              </button>
            </div>
          ) : (
            <button type="submit" disabled={!canSubmit} className={buttonClass('primary', 'w-full')}>
              {submitLabel}
            </button>
          )}
          {!canSubmit && !isPlacing ? <p className="text-xs text-muted">{t('submitHint')}</p> : null}
          {quote.isError ? <p className="text-sm text-sale">{t('delivery.loadFailed')}</p> : null}
          {formError ? (
            <p role="alert" className="text-sm font-medium text-sale">
              {formError}
            </p>
          ) : null}
          <p className="text-sm text-muted">{t('callNote')}</p>
        </aside>
      </form>
    </div>
  )
}
