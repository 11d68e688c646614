import { DELIVERY_TYPES, PAYMENT_METHODS, type PlaceOrderBody, normalizeCouponCode, toLatinDigits } from '@shop/shared'
import { type CheckoutLine, checkoutOrderBody } from './order-body.ts'
import { type CheckoutValues, EMPTY_CHECKOUT, validateCheckout } from './checkout-form.ts'

/** The checkout's fields as its plain HTML form posts them (checkout-view.tsx). */
export const CHECKOUT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'wilaya',
  'commune',
  'deliveryType',
  'address',
  'notes',
  'paymentMethod',
  'coupon',
] as const

/** The form's values from posted fields: unknown choices fall back to the form's defaults. */
export function checkoutValuesOf(fields: Record<string, string | undefined>): Partial<CheckoutValues> {
  const text = (name: string) => fields[name] ?? ''
  const type = text('deliveryType')
  const method = text('paymentMethod')
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    phone: toLatinDigits(text('phone')),
    email: text('email'),
    wilaya: text('wilaya'),
    commune: text('commune'),
    deliveryType: (DELIVERY_TYPES as readonly string[]).includes(type) ? (type as CheckoutValues['deliveryType']) : EMPTY_CHECKOUT.deliveryType,
    address: text('address'),
    notes: text('notes'),
    paymentMethod: (PAYMENT_METHODS as readonly string[]).includes(method) ? (method as CheckoutValues['paymentMethod']) : EMPTY_CHECKOUT.paymentMethod,
  }
}

export interface PlainCheckout {
  /** The order to place, when the form passes the same checks as in the browser. */
  body: PlaceOrderBody | null
  /** Message keys by field (e.g. `checkout:errors.wilayaRequired`), translated by the caller. */
  errors: Record<string, string>
}

/**
 * A checkout posted without the scripts: the same checks and order body as the enhanced form (validateCheckout,
 * checkoutOrderBody) for the cart's orderable lines, with no total (the page could not show one before a wilaya
 * was chosen: the server prices the order itself). A typed coupon code is sent as it is: the server applies
 * it or says why not.
 */
export function checkoutFromForm(
  fields: Record<string, string | undefined>,
  cart: { lines: readonly CheckoutLine[]; owner: 'guest' | 'client'; accountEmail: string | null },
): PlainCheckout {
  const values = { ...EMPTY_CHECKOUT, ...checkoutValuesOf(fields) }
  const { errors, data } = validateCheckout(values)
  // without the scripts the commune list cannot follow the wilaya: the page comes back with that wilaya's communes
  if (values.wilaya !== '' && !/^\d+$/.test(values.commune)) errors.commune = 'checkout:place.chooseCommune'
  if (!data || Object.keys(errors).length > 0) return { body: null, errors: errors as Record<string, string> }
  const couponCode = normalizeCouponCode(fields.coupon ?? '')
  const { totalAmount: _shown, ...body } = checkoutOrderBody({
    lines: cart.lines,
    data,
    owner: cart.owner,
    accountEmail: cart.accountEmail,
    couponCode: couponCode === '' ? null : couponCode,
    totalAmount: 0,
  })
  return { body: body as PlaceOrderBody, errors: {} }
}
