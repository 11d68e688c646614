import { describe, expect, test } from 'vitest'
import { checkoutFromForm, checkoutValuesOf } from './plain-checkout.ts'

const lines = [{ product: { _id: 'p1' }, quantity: 2, size: '42', color: 'black', price: 8900 }]
const fields = {
  firstName: 'Karim',
  lastName: 'Mansouri',
  phone: '٠٥٥٥١٢٣٤٥٦',
  email: '',
  wilaya: '16',
  commune: '554',
  deliveryType: 'domicil',
  address: '8 rue Hassiba Ben Bouali',
  notes: '',
  paymentMethod: 'cash_on_delivery',
  coupon: ' ten-20 ',
}

describe('the checkout posted as a plain form', () => {
  test('a valid form gives the enhanced form’s order body for the cart’s lines, with no total and the typed coupon', () => {
    const { body, errors } = checkoutFromForm(fields, { lines, owner: 'guest', accountEmail: null })
    expect(errors).toEqual({})
    expect(body).not.toBeNull()
    expect(body).not.toHaveProperty('totalAmount')
    expect(body?.orderItems).toEqual([{ productId: 'p1', quantity: 2, size: '42', color: 'black', price: 8900 }])
    expect(body?.customerInfo.phone).toBe('0555123456')
    expect(body?.shippingAddress).toEqual({ wilayaId: '16', communeId: 554, type: 'domicil', address: '8 rue Hassiba Ben Bouali' })
    expect(body?.couponCode).toBe('TEN20')
    expect(body?.source).toBe('cart')
  })

  test('a wilaya without its commune asks for the commune; the same checks as the enhanced form', () => {
    const noCommune = checkoutFromForm({ ...fields, commune: '' }, { lines, owner: 'guest', accountEmail: null })
    expect(noCommune.body).toBeNull()
    expect(noCommune.errors.commune).toBe('checkout:place.chooseCommune')
    const bad = checkoutFromForm({ ...fields, phone: '12345', address: 'short' }, { lines, owner: 'guest', accountEmail: null })
    expect(bad.body).toBeNull()
    expect(Object.keys(bad.errors).sort()).toEqual(['address', 'phone'])
  })

  test('a client’s order goes to the account’s e-mail; unknown choices fall back to the form’s defaults', () => {
    const { body } = checkoutFromForm({ ...fields, email: 'typed@example.com' }, { lines, owner: 'client', accountEmail: 'me@example.com' })
    expect(body?.customerInfo.email).toBe('me@example.com')
    expect(checkoutValuesOf({ deliveryType: 'drone', paymentMethod: 'bitcoin' })).toMatchObject({ deliveryType: 'domicil', paymentMethod: 'cash_on_delivery' })
  })
})
