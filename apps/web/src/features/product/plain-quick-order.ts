import { DELIVERY_TYPES, type DeliveryType, type PlaceOrderBody, type ProductDetail, toLatinDigits } from '@shop/shared'
import { quickOrderBody } from './api/use-place-quick-order.ts'
import { validateQuickOrder } from './quick-order-rules.ts'

/** The quick order's fields as a plain HTML form posts them (product-view.tsx, quick-order-form.tsx). */
export const QUICK_ORDER_FIELDS = [
  'productId',
  'variant',
  'quantity',
  'firstName',
  'lastName',
  'phone',
  'email',
  'wilaya',
  'commune',
  'type',
  'address',
  'notes',
] as const

export interface PlainOrder {
  /** The order to place, when the form passes the same checks as in the browser. */
  body: PlaceOrderBody | null
  /** Message keys by field (e.g. `validation:required`), translated by the caller. */
  errors: Record<string, string>
}

/**
 * A quick order posted without the scripts: the same checks and the same order body as the enhanced form
 * (quickOrderBody), with no total, since the page showed none before a wilaya was chosen (the server prices
 * the order itself; a total is only sent to catch a price that moved while the shopper looked).
 */
export function quickOrderFromForm(fields: Record<string, string>, product: ProductDetail): PlainOrder {
  const value = (name: string) => fields[name] ?? ''
  const type: DeliveryType = (DELIVERY_TYPES as readonly string[]).includes(value('type')) ? (value('type') as DeliveryType) : 'domicil'
  const phone = toLatinDigits(value('phone'))
  const errors: Record<string, string> = {
    ...validateQuickOrder(
      { firstName: value('firstName'), lastName: value('lastName'), phone, email: value('email'), address: value('address'), notes: value('notes') },
      type === 'domicil',
    ),
  }
  const variant = product.variants.find((item) => item._id === value('variant') && item.stock > 0)
  if (!variant) errors.variant = 'product:variant.chooseSize'
  if (value('wilaya') === '') errors.wilaya = 'validation:required'
  // without the scripts the commune list cannot follow the wilaya: the page comes back with that wilaya's communes
  else if (!/^\d+$/.test(value('commune'))) errors.commune = 'checkout:place.chooseCommune'
  const quantity = Number.parseInt(toLatinDigits(value('quantity')), 10)
  if (Object.keys(errors).length > 0 || !variant) return { body: null, errors }
  const { totalAmount: _shown, ...body } = quickOrderBody({
    productId: product._id,
    size: variant.size,
    color: variant.color,
    quantity: Number.isFinite(quantity) && quantity >= 1 ? quantity : 1,
    unitPrice: product.price,
    firstName: value('firstName'),
    lastName: value('lastName'),
    phone,
    email: value('email'),
    wilaya: value('wilaya'),
    commune: value('commune'),
    type,
    address: value('address'),
    notes: value('notes'),
    totalAmount: 0,
    asClient: false,
  })
  return { body, errors: {} }
}

/** The API's field errors (`customerInfo.phone`, `shippingAddress.communeId`...) by the form's field names. */
export function formFieldOf(apiField: string): string {
  const name = apiField.split('.').pop() ?? ''
  if (name === 'wilayaId' || name === 'stateId') return 'wilaya'
  if (name === 'communeId' || name === 'cityId') return 'commune'
  if (name === 'orderItems' || name === 'quantity' || name === 'size' || name === 'color') return 'variant'
  return name
}
