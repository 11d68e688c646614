import { customerInfoSchema, DELIVERY_TYPES, NOTES_MAX, orderNotes, PAYMENT_METHODS, streetAddress } from '@shop/shared'
import { z } from 'zod'

/** What the checkout form holds while the shopper types (every value as typed). */
export interface CheckoutValues {
  firstName: string
  lastName: string
  phone: string
  email: string
  wilaya: string
  commune: string
  deliveryType: (typeof DELIVERY_TYPES)[number] | ''
  address: string
  notes: string
  paymentMethod: (typeof PAYMENT_METHODS)[number]
}

export const EMPTY_CHECKOUT: CheckoutValues = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  wilaya: '',
  commune: '',
  deliveryType: 'domicil',
  address: '',
  notes: '',
  paymentMethod: 'cash_on_delivery',
}

export type CheckoutField = keyof CheckoutValues

/**
 * The checkout rules (docs/storefront-spec.md §5 as settled by docs/decisions.md, Checkout and orders), built from the shared rules the API applies too:
 * names 2-50 letters, Algerian mobile, e-mail optional, address 10-200 for home delivery only, notes ≤ 500.
 */
export const checkoutSchema = customerInfoSchema
  .extend({
    wilaya: z.string().min(1, 'checkout:errors.wilayaRequired'),
    commune: z.string().min(1, 'checkout:errors.communeRequired'),
    deliveryType: z.enum(DELIVERY_TYPES, { error: 'checkout:errors.deliveryRequired' }),
    address: z.string(),
    notes: orderNotes,
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'checkout:errors.paymentRequired' }),
  })

/** The checkout form once valid. */
export type CheckoutData = z.output<typeof checkoutSchema>

export type CheckoutErrors = Partial<Record<CheckoutField, string>>

/** Message keys per field (first issue of each), empty when the form can be sent. */
export function validateCheckout(values: CheckoutValues): { errors: CheckoutErrors; data?: CheckoutData } {
  const parsed = checkoutSchema.safeParse(values)
  const errors: CheckoutErrors = {}
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as CheckoutField | undefined
    if (field && !errors[field]) errors[field] = issue.message
  }
  // The address is checked on its own so its error shows together with the others.
  if (values.deliveryType === 'domicil') {
    const address = streetAddress.safeParse(values.address)
    if (!address.success) errors.address = address.error.issues[0]?.message ?? 'validation:address.length'
  }
  if (parsed.success && Object.keys(errors).length === 0) return { errors, data: parsed.data }
  return { errors }
}

/** docs/storefront-spec.md §5: submit is possible only with a non-empty cart, a wilaya, a commune and a delivery type, once at a time. */
export function canSubmitCheckout(input: { cartCount: number; values: CheckoutValues; isSubmitting: boolean; feeKnown: boolean }): boolean {
  const { values } = input
  return (
    input.cartCount > 0 &&
    values.wilaya !== '' &&
    values.commune !== '' &&
    values.deliveryType !== '' &&
    input.feeKnown &&
    !input.isSubmitting
  )
}

export { NOTES_MAX }
