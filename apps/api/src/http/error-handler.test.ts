import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { MESSAGES } from '@shop/shared'
import { randomPhone, type Shop, startShop } from '../test/shop-fixture.ts'
import { TEST_TARGETS } from '../test/test-app.ts'

for (const target of TEST_TARGETS) {
  describe(`validation errors name the failed rule on ${target}`, () => {
    let shop: Shop
    let commune: number
    before(async () => {
      shop = await startShop(target)
      commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
    })
    after(async () => shop.close())

    /** A quick order (one product from its page), as the storefront sends it. */
    const quickOrder = (customerInfo: Record<string, string>, lang: string) =>
      shop.http('POST', '/api/v1/order/guest', {
        headers: { 'accept-language': lang },
        body: {
          orderItems: [{ productId: shop.catalogue.derby.id, quantity: 1, size: '42', color: 'brown' }],
          customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone(), ...customerInfo },
          shippingAddress: { wilayaId: 16, communeId: commune, type: 'domicil', address: '12 rue Didouche Mourad' },
          paymentMethod: 'cash_on_delivery',
          source: 'quick',
        },
      })
    const messageFor = (body: { errors?: { field: string; message: string }[] }, field: string) => {
      const found = body.errors?.find((e) => e.field === field)
      assert.ok(found, `no error for ${field}: ${JSON.stringify(body.errors)}`)
      return found.message
    }

    test('a bad phone gets the phone rule’s message, in Arabic and in French', async () => {
      const arabic = await quickOrder({ phone: '0123' }, 'ar')
      assert.equal(arabic.status, 400)
      assert.equal(arabic.body.code, 'VALIDATION_FAILED')
      assert.equal(messageFor(arabic.body, 'customerInfo.phone'), MESSAGES.ar.validation['phone.invalid'])
      const french = await quickOrder({ phone: '0123' }, 'fr')
      assert.equal(messageFor(french.body, 'customerInfo.phone'), 'Numéro de téléphone invalide (05/06/07XXXXXXXX).')
      const english = await quickOrder({ phone: '12345' }, 'en')
      assert.equal(messageFor(english.body, 'customerInfo.phone'), MESSAGES.en.validation['phone.invalid'])
    })

    test('a one-letter name gets the name rule’s message; an empty one "required"; only the failed fields are named', async () => {
      const short = await quickOrder({ firstName: 'A' }, 'fr')
      assert.equal(short.status, 400)
      assert.equal(messageFor(short.body, 'customerInfo.firstName'), 'Doit contenir 2 à 50 caractères, uniquement des lettres.')
      assert.deepEqual(short.body.errors.map((e: { field: string }) => e.field), ['customerInfo.firstName'])
      const arabic = await quickOrder({ lastName: 'B' }, 'ar')
      assert.equal(messageFor(arabic.body, 'customerInfo.lastName'), MESSAGES.ar.validation['name.invalid'])
      const empty = await quickOrder({ firstName: '' }, 'fr')
      assert.equal(messageFor(empty.body, 'customerInfo.firstName'), MESSAGES.fr.validation.required)
    })

    test('rules without a message of their own get the generic one for their kind, with its figure', async () => {
      const page = await shop.http('GET', '/api/v1/product?page=0', { headers: { 'accept-language': 'fr' } })
      assert.equal(page.status, 400)
      assert.equal(messageFor(page.body, 'page'), 'Au moins 1.')
      const missing = await shop.http('POST', '/api/v1/order/guest', { headers: { 'accept-language': 'fr' }, body: {} })
      assert.equal(messageFor(missing.body, 'customerInfo'), MESSAGES.fr.validation.required)
    })
  })
}
