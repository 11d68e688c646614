import { type DeliveryType, formatPrice, type PlacedOrder, toLatinDigits } from '@shop/shared'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { FormField, INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useAuth } from '../../../lib/auth-state.ts'
import { useApiErrorText } from '../../../lib/error-text.ts'
import { useLocale } from '@shop/client-kit'
import { usePageForm } from '../../../lib/page-form.ts'
import { useLocation } from 'react-router'
import { usePlaceQuickOrder } from '../api/use-place-quick-order.ts'
import { draftOf, useDraftSaver } from '../quick-order-draft.ts'
import { validateQuickOrder } from '../quick-order-rules.ts'
import { type ChosenLine, QUICK_ORDER_FORM_ID } from './product-view.tsx'

/** Where and how the parcel goes: the fields and the fee come from the checkout's delivery pieces. */
export interface QuickOrderDelivery {
  wilaya: string
  commune: string
  type: DeliveryType
  fee: number | undefined
  isFeeLoading: boolean
}

export interface DeliveryFieldErrors {
  wilaya?: string
  commune?: string
}

export interface QuickOrderFormProps {
  line: ChosenLine | null
  /** The product of the page, chosen variant or not: a shopper who leaves may be called back about it. */
  productId?: string
  delivery: QuickOrderDelivery
  renderDeliveryFields: (errors: DeliveryFieldErrors) => ReactNode
  /** Called after the order is taken; the page then moves on (the form stays busy until it does). */
  onPlaced: (order: PlacedOrder, line: ChosenLine) => void
  /** Sent without a variant: the page says so at the picker and scrolls there. */
  onMissingChoice: () => void
}

type Field = 'firstName' | 'lastName' | 'phone' | 'email' | 'address' | 'notes' | 'wilaya' | 'commune'
type Errors = Partial<Record<Field, string>>

const TEXT_FIELDS = ['firstName', 'lastName', 'phone', 'email', 'address', 'notes'] as const

/** Cash on delivery for the variant picked above, with no account and no cart. */
export function QuickOrderForm({ line, productId, delivery, renderDeliveryFields, onPlaced, onMissingChoice }: QuickOrderFormProps) {
  const { t } = useTranslation(['product', 'validation'])
  const locale = useLocale()
  const idPrefix = useId()
  // posted to the page's own address when the scripts have not run: a page sent back is the same page, which
  // the browser's router then hydrates as it is
  const { pathname } = useLocation()
  const auth = useAuth()
  const errorText = useApiErrorText()
  const place = usePlaceQuickOrder()
  const user = auth.user
  // sent back by the server after a submit without the scripts: the shopper's values and its messages
  const sentBack = usePageForm('quick-order')
  const [values, setValues] = useState({
    firstName: sentBack?.values.firstName ?? user?.firstName ?? '',
    lastName: sentBack?.values.lastName ?? user?.lastName ?? '',
    phone: sentBack?.values.phone ?? user?.phone ?? '',
    email: sentBack?.values.email ?? '',
    address: sentBack?.values.address ?? '',
    notes: sentBack?.values.notes ?? '',
  })
  const [errors, setErrors] = useState<Errors>(() => (sentBack?.errors as Errors | undefined) ?? {})
  // Set once the order is taken: the button stays busy until the thank-you page replaces this one.
  const [isPlaced, setIsPlaced] = useState(false)
  // Asks the next render to bring the first field in error into view and focus it.
  const [focusRequest, setFocusRequest] = useState(0)
  const form = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (focusRequest === 0) return
    const first = form.current?.querySelector<HTMLElement>(
      'input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"]',
    )
    if (!first) return
    first.scrollIntoView({ behavior: 'smooth', block: 'center' })
    first.focus({ preventScroll: true })
  }, [focusRequest])
  const [prefilledFor, setPrefilledFor] = useState(user?._id ?? null)

  // The profile arrived after the form was drawn: fill what the shopper has not typed yet.
  if (user && prefilledFor !== user._id) {
    setPrefilledFor(user._id)
    setValues((current) => ({
      ...current,
      firstName: current.firstName || user.firstName,
      lastName: current.lastName || user.lastName,
      phone: current.phone || (user.phone ?? ''),
    }))
  }

  // kept for a call-back when the shopper leaves with a name and a valid phone filled in (POST /drafts)
  const stopDraft = useDraftSaver(
    draftOf({
      productId: line?.product._id ?? productId ?? null,
      variant: line?.variant ?? null,
      quantity: line?.quantity ?? 1,
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
      wilaya: delivery.wilaya,
      commune: delivery.commune,
      locale,
    }),
  )

  const subtotal = line ? line.product.price * line.quantity : 0
  const total = delivery.fee === undefined ? undefined : subtotal + delivery.fee
  const isHome = delivery.type === 'domicil'

  const validate = (): Errors => {
    const found: Errors = {}
    for (const [name, key] of Object.entries(validateQuickOrder(values, isHome))) {
      found[name as Field] = t(key as 'validation:required')
    }
    if (delivery.wilaya === '') found.wilaya = t('validation:required')
    if (delivery.commune === '') found.commune = t('validation:required')
    return found
  }

  const serverFieldErrors = (error: unknown): Errors => {
    if (!(error instanceof ApiError)) return {}
    const out: Errors = {}
    for (const { field, message } of error.fieldErrors) {
      const name = field.split('.').pop() ?? ''
      const mapped = name === 'wilayaId' || name === 'stateId' ? 'wilaya' : name === 'communeId' || name === 'cityId' ? 'commune' : name
      if ((TEXT_FIELDS as readonly string[]).includes(mapped) || mapped === 'wilaya' || mapped === 'commune') out[mapped as Field] = message
    }
    return out
  }

  const isBusy = place.isPending || isPlaced

  const submit = () => {
    if (isBusy) return
    const found = validate()
    setErrors(found)
    // the picker is above the form: a missing size is said there first, then the fields
    if (!line) onMissingChoice()
    else if (Object.keys(found).length > 0) setFocusRequest((n) => n + 1)
    if (Object.keys(found).length > 0 || !line || total === undefined) return
    place.mutate(
      {
        productId: line.product._id,
        size: line.variant.size,
        color: line.variant.color,
        quantity: line.quantity,
        unitPrice: line.product.price,
        ...values,
        wilaya: delivery.wilaya,
        commune: delivery.commune,
        type: delivery.type,
        totalAmount: total,
        asClient: auth.status === 'authenticated',
      },
      {
        onSuccess: (order) => {
          stopDraft()
          setIsPlaced(true)
          onPlaced(order, line)
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error))
          setFocusRequest((n) => n + 1)
        },
      },
    )
  }

  const field = (name: (typeof TEXT_FIELDS)[number]) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      // Eastern Arabic (and Persian) digits, as Arabic keyboards type them, become 0-9
      const value = name === 'phone' ? toLatinDigits(event.target.value) : event.target.value
      setValues((current) => ({ ...current, [name]: value }))
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
    },
  })

  const failure =
    place.error instanceof ApiError && place.error.code === 'PRICE_CHANGED'
      ? t('product:quickOrder.priceChanged')
      : place.isError && Object.keys(serverFieldErrors(place.error)).length === 0
        ? errorText(place.error, t('product:quickOrder.failed'))
        : place.isIdle
          ? (sentBack?.message ?? null)
          : null

  return (
    // a plain form too: before (or without) the scripts the server places the order (apps/api order-forms.ts)
    <form
      ref={form}
      id={QUICK_ORDER_FORM_ID}
      method="post"
      action={`${pathname}?lang=${locale}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      className="flex flex-col gap-4"
    >
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${idPrefix}-first`} label={t('product:quickOrder.firstName')} error={errors.firstName}>
          {(control) => <input {...control} {...field('firstName')} autoComplete="given-name" className={INPUT_CLASS} />}
        </FormField>
        <FormField id={`${idPrefix}-last`} label={t('product:quickOrder.lastName')} error={errors.lastName}>
          {(control) => <input {...control} {...field('lastName')} autoComplete="family-name" className={INPUT_CLASS} />}
        </FormField>
      </div>
      <FormField
        id={`${idPrefix}-phone`}
        label={t('product:quickOrder.phone')}
        error={errors.phone}
        hint={t('product:quickOrder.callBackNote')}
      >
        {(control) => (
          <input
            {...control}
            {...field('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            placeholder="05XX XX XX XX"
            className={`${INPUT_CLASS} text-start`}
          />
        )}
      </FormField>

      {renderDeliveryFields({ wilaya: errors.wilaya, commune: errors.commune })}

      {isHome ? (
        <FormField id={`${idPrefix}-address`} label={t('product:quickOrder.address')} error={errors.address}>
          {(control) => <input {...control} {...field('address')} autoComplete="street-address" className={INPUT_CLASS} />}
        </FormField>
      ) : null}
      <FormField
        id={`${idPrefix}-email`}
        label={t('product:quickOrder.email')}
        labelSuffix={t('product:quickOrder.optional')}
        error={errors.email}
      >
        {(control) => <input {...control} {...field('email')} type="email" inputMode="email" autoComplete="email" className={INPUT_CLASS} />}
      </FormField>
      <FormField
        id={`${idPrefix}-notes`}
        label={t('product:quickOrder.notes')}
        labelSuffix={t('product:quickOrder.optional')}
        error={errors.notes}
      >
        {(control) => <textarea {...control} {...field('notes')} rows={2} className={`${INPUT_CLASS} py-2`} />}
      </FormField>

      <dl className="flex flex-col gap-1 rounded-md bg-surface p-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt>{line ? t('product:quickOrder.items', { count: line.quantity }) : t('product:quickOrder.subtotal')}</dt>
          <dd>{line ? formatPrice(subtotal, locale) : '—'}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{t('product:quickOrder.deliveryFee')}</dt>
          <dd>
            {delivery.fee === undefined ? (
              <span className="text-muted">{delivery.isFeeLoading ? '…' : t('product:quickOrder.chooseWilaya')}</span>
            ) : delivery.fee === 0 ? (
              <span className="font-semibold text-brand">{t('product:quickOrder.free')}</span>
            ) : (
              formatPrice(delivery.fee, locale)
            )}
          </dd>
        </div>
        <div className="mt-1 flex justify-between gap-3 border-t border-line pt-2 text-base font-bold">
          <dt>{t('product:quickOrder.total')}</dt>
          <dd>{line && total !== undefined ? formatPrice(total, locale) : '—'}</dd>
        </div>
      </dl>

      {failure ? (
        <p className="text-sm text-sale" role="alert">
          {failure}
        </p>
      ) : null}

      <button type="submit" className={buttonClass('primary', 'min-h-12 w-full')} disabled={isBusy} aria-busy={isBusy}>
        {isBusy
          ? t('product:quickOrder.placing')
          : line && total !== undefined
            ? t('product:quickOrder.submitWithTotal', { amount: formatPrice(total, locale) })
            : t('product:quickOrder.submit')}
      </button>
      <p className="text-center text-xs text-muted">{t('product:quickOrder.callNote')}</p>
    </form>
  )
}
