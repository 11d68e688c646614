import { type Cart, type ClientUser, computeTotals, type PlacedOrder, priceQuote, type PriceQuote } from '@shop/shared'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toast } from '../../components/ui/toast.ts'
import { ApiError } from '../../lib/api.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import { useKeptUntilGone } from '../../lib/kept-until-gone.ts'
import { usePageForm } from '../../lib/page-form.ts'
import { purchaseEventId, track } from '../../lib/pixel-events.ts'
import { useApiErrorText, useMessageKey } from '../../lib/error-text.ts'
import { cartKeys, deliveryKeys } from '../../lib/query-keys.ts'
import { useCoupon } from './api/use-coupon.ts'
import { useDeliveryQuote } from './api/use-delivery-quote.ts'
import { usePlaceOrder } from './api/use-place-order.ts'
import { type CheckoutErrors, type CheckoutField, type CheckoutValues, canSubmitCheckout, EMPTY_CHECKOUT, validateCheckout } from './checkout-form.ts'
import { clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraft } from './checkout-draft.ts'
import { checkoutValuesOf } from './plain-checkout.ts'
import { rememberLastOrder } from './last-order.ts'
import { checkoutOrderBody } from './order-body.ts'

export interface CheckoutOptions {
  cart: Cart | undefined
  owner: 'guest' | 'client'
  user: ClientUser | null
  /**
   * Called once the order is placed and this page has given way to the thank-you page (the cart route empties
   * its cache then: emptied before, this page would show "your cart is empty" while the thank-you page's code
   * is still on its way).
   */
  onPlaced: (order: PlacedOrder) => void
}

/**
 * The state and actions of the checkout: the form (kept as a draft in this tab), the coupon, the delivery fee,
 * the totals, and placing the order (with the 409 PRICE_CHANGED notice and the server's field errors).
 */
export function useCheckout({ cart, owner, user, onPlaced }: CheckoutOptions) {
  const { t } = useTranslation(['checkout', 'cart'])
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const messageKey = useMessageKey()
  const errorText = useApiErrorText()
  // sent back by the server after a checkout posted without the scripts: what was typed and its messages
  const sentBack = usePageForm('checkout')
  const [values, setValues] = useState<CheckoutValues>(() => ({
    ...EMPTY_CHECKOUT,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    phone: user?.phone ?? '',
    ...(sentBack ? checkoutValuesOf(sentBack.values) : {}),
  }))
  const [errors, setErrors] = useState<CheckoutErrors>({})
  /** Server refusals by field, already translated. */
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>(() => sentBack?.errors ?? {})
  const [priceChange, setPriceChange] = useState<PriceQuote | null>(null)
  const [formError, setFormError] = useState(() => sentBack?.message ?? '')

  const subtotal = cart?.subtotal ?? 0
  const coupon = useCoupon(subtotal, values.phone, sentBack?.values.coupon)
  // the order once placed: the button stays busy until the thank-you page replaces this one, and the cart is
  // emptied (onPlaced) when this page goes
  const [placedOrder, keepPlacedOrder] = useKeptUntilGone(onPlaced)
  // A reload keeps what was typed (this tab only), restored once the page is drawn: the first render is the
  // server's (which knows nothing of this tab). The account fills what the draft leaves empty.
  const [draftRead, setDraftRead] = useState(false)
  const { setInput: setCouponInput } = coupon
  useEffect(() => {
    if (draftRead) return
    setDraftRead(true)
    const draft = sentBack ? null : readCheckoutDraft()
    if (!draft) return
    const kept = Object.fromEntries(Object.entries(draft.values).filter(([, value]) => value !== ''))
    setValues((current) => ({ ...current, ...kept }))
    if (draft.coupon) setCouponInput(draft.coupon)
  }, [draftRead, sentBack, setCouponInput])
  useEffect(() => {
    if (draftRead && !placedOrder) saveCheckoutDraft({ values, coupon: coupon.input })
  }, [draftRead, placedOrder, values, coupon.input])
  const quote = useDeliveryQuote(values.wilaya, values.deliveryType)
  const discount = coupon.state.status === 'applied' ? coupon.state.discount : 0
  const totals = quote.fee === undefined ? undefined : computeTotals(subtotal, discount, quote.fee)
  const placeOrder = usePlaceOrder(owner)
  const orderable = cart?.items.filter((item) => item.available) ?? []
  /** Sending the order, or placed and waiting for the thank-you page to be drawn: the button stays busy. */
  const isPlacing = placeOrder.isPending || placedOrder !== null

  // Ad pixels: the shopper reached the checkout with something to order (once per visit).
  const checkoutTracked = useRef(false)
  const hasItems = orderable.length > 0
  useEffect(() => {
    if (!hasItems || checkoutTracked.current || !cart) return
    checkoutTracked.current = true
    const lines = cart.items.filter((item) => item.available)
    track('InitiateCheckout', {
      contentIds: [...new Set(lines.map((item) => item.product._id))],
      quantity: lines.reduce((sum, item) => sum + item.quantity, 0),
      value: cart.subtotal,
    })
  }, [hasItems, cart])

  const set = <K extends CheckoutField>(field: K, value: CheckoutValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
    setServerErrors((current) => ({ ...current, [field]: undefined }))
  }
  const setDeliveryType = useCallback((type: 'domicil' | 'stopdesk') => {
    setValues((current) => (current.deliveryType === type ? current : { ...current, deliveryType: type }))
    setErrors((current) => ({ ...current, deliveryType: undefined }))
  }, [])

  const errorOf = (field: CheckoutField): string | undefined => {
    const key = errors[field]
    return key ? messageKey(key) : serverErrors[field]
  }

  // until the scripts have run the button posts the form as it is: the server checks it (order-forms.ts)
  const hydrated = useHydrated()
  const canSubmit =
    !hydrated ||
    canSubmitCheckout({
      cartCount: orderable.length,
      values,
      isSubmitting: isPlacing,
      feeKnown: quote.fee !== undefined,
    })

  const send = (totalAmount: number) => {
    const result = validateCheckout(values)
    setErrors(result.errors)
    if (!result.data) {
      setFormError(t('errors.fixForm'))
      const first = document.querySelector<HTMLElement>('[aria-invalid="true"]')
      first?.focus()
      return
    }
    setFormError('')
    const body = checkoutOrderBody({
      lines: orderable,
      data: result.data,
      owner,
      accountEmail: user?.email ?? null,
      couponCode: coupon.state.status === 'applied' ? coupon.state.code : null,
      totalAmount,
    })
    placeOrder.mutate(body, {
      onSuccess: (order) => {
        track('Purchase', {
          contentIds: [...new Set(order.orderItems.map((item) => item.product._id).filter((id): id is string => Boolean(id)))],
          quantity: order.orderItems.reduce((sum, item) => sum + item.quantity, 0),
          value: order.totalAmount,
          orderId: order._id,
          eventId: purchaseEventId(order),
          trackingNumber: order.trackingNumber,
        })
        setPriceChange(null)
        keepPlacedOrder(order)
        clearCheckoutDraft()
        rememberLastOrder(order)
        toast.success(t('success:orderPlaced' as never))
        void navigate('/thank-you', { state: { order } })
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'PRICE_CHANGED') {
          const fresh = priceQuote.safeParse((error.data as { quote?: unknown } | undefined)?.quote)
          if (fresh.success) setPriceChange(fresh.data)
          // Prices and fees on screen are out of date: fetch them again behind the notice.
          void queryClient.invalidateQueries({ queryKey: cartKeys.all() })
          void queryClient.invalidateQueries({ queryKey: deliveryKeys.all() })
          return
        }
        if (error instanceof ApiError && error.fieldErrors.length > 0) {
          setServerErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field.split('.').pop() ?? e.field, e.message])))
        }
        const message =
          error instanceof ApiError && error.status === 0 ? t('errors.network') : errorText(error, t('errors.placeFailed'))
        setFormError(message)
        toast.error(message)
      },
    })
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!canSubmit || !totals) return
    send(totals.total)
  }

  return {
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
    placeOrder,
    isPlacing,
    orderable,
    canSubmit,
    send,
    onSubmit,
    priceChange,
    setPriceChange,
    formError,
    /** The server's word on a coupon posted with the plain form, until the shopper changes the code. */
    couponError: coupon.input === (sentBack?.values.coupon ?? '') ? sentBack?.errors.coupon : undefined,
  }
}
