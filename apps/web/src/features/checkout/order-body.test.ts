import { placeOrderBody } from '@shop/shared'
import { describe, expect, test } from 'vitest'
import type { CheckoutData } from './checkout-form.ts'
import { checkoutOrderBody } from './order-body.ts'

const DATA: CheckoutData = {
  firstName: 'Amina',
  lastName: 'Benali',
  phone: '0551234567',
  email: 'amina@example.dz',
  wilaya: '16',
  commune: '554',
  deliveryType: 'domicil',
  address: '  12 rue Didouche Mourad  ',
  notes: '',
  paymentMethod: 'cash_on_delivery',
}
const LINE = { product: { _id: '0b6f3e0a-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }, quantity: 2, size: '42', color: '', price: 5400 }

describe('checkoutOrderBody', () => {
  test('maps the cart lines and the form to the order body the API reads', () => {
    const body = checkoutOrderBody({ lines: [LINE], data: DATA, owner: 'guest', accountEmail: null, couponCode: null, totalAmount: 11_400 })
    expect(body).toEqual({
      orderItems: [{ productId: LINE.product._id, quantity: 2, size: '42', color: undefined, price: 5400 }],
      customerInfo: { firstName: 'Amina', lastName: 'Benali', phone: '0551234567', email: 'amina@example.dz' },
      shippingAddress: { wilayaId: '16', communeId: 554, type: 'domicil', address: '12 rue Didouche Mourad' },
      paymentMethod: 'cash_on_delivery',
      totalAmount: 11_400,
      source: 'cart',
    })
    // the API's own schema takes it
    expect(placeOrderBody.safeParse(body).success).toBe(true)
  })

  test('an office pickup sends no street; a coupon and a note are sent when there are some', () => {
    const body = checkoutOrderBody({
      lines: [LINE],
      data: { ...DATA, deliveryType: 'stopdesk', notes: 'Après 17 h' },
      owner: 'guest',
      accountEmail: null,
      couponCode: 'ETE2026',
      totalAmount: 11_200,
    })
    expect(body.shippingAddress).toEqual({ wilayaId: '16', communeId: 554, type: 'stopdesk' })
    expect(body.couponCode).toBe('ETE2026')
    expect(body.notes).toBe('Après 17 h')
  })

  test("a client's order carries the account's e-mail, not the form's", () => {
    const body = checkoutOrderBody({ lines: [LINE], data: DATA, owner: 'client', accountEmail: null, couponCode: null, totalAmount: 11_400 })
    expect(body.customerInfo.email).toBeNull()
    const withAccount = checkoutOrderBody({ lines: [LINE], data: DATA, owner: 'client', accountEmail: 'a@b.dz', couponCode: null, totalAmount: 11_400 })
    expect(withAccount.customerInfo.email).toBe('a@b.dz')
  })
})
