import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import sharp from 'sharp'
import { randomPhone } from '../test/shop-fixture.ts'
import { TEST_TARGETS } from '../test/test-app.ts'
import { type AdminShop, startAdminShop } from '../test/admin-fixture.ts'
import { fingerprint } from './db-state.ts'

/**
 * A NUL character (U+0000) anywhere in a request (path, query, JSON body, form field) is a 400 VALIDATION_FAILED
 * in the request's language with the field named, on public and back-office routes alike, and nothing is written:
 * PostgreSQL refuses NUL in text, so it must never reach the database (it used to answer 500).
 */
const MESSAGES = {
  ar: { code: 'بعض الحقول غير صالحة.' },
  fr: { code: 'Certains champs ne sont pas valides.', field: "Cette valeur n'est pas valide." },
  en: { code: 'Some fields are not valid.' },
}

for (const target of TEST_TARGETS) {
  describe(`a NUL character is refused with 400 on ${target}`, () => {
    let shop: AdminShop
    let commune: number
    before(async () => {
      shop = await startAdminShop(target)
      commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
    })
    after(async () => shop.close())

    const order = (overrides: Record<string, unknown> = {}, address = '12 rue Didouche Mourad') => ({
      orderItems: [{ productId: shop.catalogue.derby.id, quantity: 1, size: '42', color: 'brown' }],
      customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone() },
      shippingAddress: { wilayaId: 16, communeId: commune, type: 'domicil', address },
      ...overrides,
    })

    /** Each case must answer 400 VALIDATION_FAILED naming `field`, in French when asked, and write nothing. */
    async function refused(cases: { label: string; field: string; send: (headers: Record<string, string>) => Promise<{ statusCode: number; json: () => any }> }[]) {
      const before = await fingerprint(shop.database.db)
      for (const c of cases) {
        const res = await c.send({ 'accept-language': 'fr' })
        assert.equal(res.statusCode, 400, `${c.label}: ${res.statusCode}`)
        const body = res.json()
        assert.equal(body.status, 'fail', c.label)
        assert.equal(body.code, 'VALIDATION_FAILED', c.label)
        assert.equal(body.message, MESSAGES.fr.code, c.label)
        assert.ok(Array.isArray(body.errors), `${c.label}: field errors`)
        const error = body.errors.find((e: { field: string }) => e.field === c.field)
        assert.ok(error, `${c.label}: no error for ${c.field} in ${JSON.stringify(body.errors)}`)
        assert.equal(error.message, MESSAGES.fr.field, c.label)
      }
      assert.deepEqual(await fingerprint(shop.database.db), before, 'refused requests wrote nothing')
    }

    const get = (url: string, cookie?: string) => (headers: Record<string, string>) =>
      shop.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } })
    const send = (method: 'POST' | 'PATCH', url: string, body: unknown, cookie?: string) => (headers: Record<string, string>) =>
      shop.app.inject({ method, url, payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } })

    test('public routes: search, product slug in the path, delivery quote, login e-mail, order notes and address', async () => {
      await refused([
        { label: 'search', field: 'search', send: get('/api/v1/product?search=der%00by') },
        { label: 'search alone', field: 'search', send: get('/api/v1/product?search=%00') },
        { label: 'product slug', field: 'path', send: get('/api/v1/product/derby%00') },
        { label: 'category in the path', field: 'path', send: get('/api/v1/product/category/shoes%00') },
        { label: 'delivery quote wilaya', field: 'wilaya', send: get('/api/v1/shipping/one?wilaya=16%00&type=domicil') },
        { label: 'delivery quote type', field: 'type', send: get('/api/v1/shipping/one?wilaya=16&type=domicil%00') },
        { label: 'storefront product page', field: 'path', send: get('/product/derby%00') },
        { label: 'login e-mail', field: 'email', send: send('POST', '/api/v1/auth/client/login', { email: 'amel\u0000@test.dz', password: 'a-long-test-password' }) },
        { label: 'staff login e-mail', field: 'email', send: send('POST', '/api/v1/admin/auth/login', { email: 'owner@test.dz\u0000', password: 'a-long-test-password' }) },
        { label: 'order notes', field: 'notes', send: send('POST', '/api/v1/order/guest', order({ notes: 'sonner\u0000deux fois' })) },
        { label: 'order address', field: 'shippingAddress.address', send: send('POST', '/api/v1/order/guest', order({}, '12 rue\u0000 Didouche')) },
        { label: 'customer name', field: 'customerInfo.firstName', send: send('POST', '/api/v1/order/guest', order({ customerInfo: { firstName: 'Am\u0000ine', lastName: 'Benali', phone: randomPhone() } })) },
      ])
    })

    test('back-office routes: product name, search, category, banner form field', async () => {
      const cookie = shop.staffCookie
      const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#c33' } }).png().toBuffer()
      const boundary = `----nul${Date.now()}`
      const banner = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="titleFr"\r\n\r\nSoldes\u0000 d'été\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      await refused([
        { label: 'admin search', field: 'search', send: get('/api/v1/admin/products?search=%00', cookie) },
        { label: 'admin order search', field: 'search', send: get('/api/v1/admin/orders?search=a%00b', cookie) },
        { label: 'new product name', field: 'nameFr', send: send('POST', '/api/v1/admin/products', { nameFr: 'Sandale\u0000', nameAr: 'صندل', categoryId: shop.catalogue.categories.shoes.id, price: 3000 }, cookie) },
        { label: 'product rename', field: 'nameFr', send: send('PATCH', `/api/v1/admin/products/${shop.catalogue.derby.id}`, { nameFr: 'Derby\u0000' }, cookie) },
        { label: 'product in the path', field: 'path', send: send('PATCH', `/api/v1/admin/products/${shop.catalogue.derby.id}%00`, { nameFr: 'Derby' }, cookie) },
        { label: 'new category', field: 'nameFr', send: send('POST', '/api/v1/admin/categories', { nameFr: '\u0000', nameAr: 'فئة' }, cookie) },
        {
          label: 'banner form field',
          field: 'titleFr',
          send: (headers) =>
            shop.app.inject({ method: 'POST', url: '/api/v1/admin/banners', payload: banner, headers: { ...headers, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } }),
        },
      ])
    })

    test('the refusal speaks the request language: Arabic by default, English when asked', async () => {
      const ar = await shop.app.inject({ url: '/api/v1/product?search=%00' })
      assert.equal(ar.statusCode, 400)
      assert.equal(ar.json().message, MESSAGES.ar.code)
      const en = await shop.app.inject({ method: 'POST', url: '/api/v1/auth/client/login', headers: { 'accept-language': 'en', 'content-type': 'application/json' }, payload: JSON.stringify({ email: '\u0000', password: 'x' }) })
      assert.equal(en.statusCode, 400)
      assert.equal(en.json().message, MESSAGES.en.code)
      // a key holding NUL is refused the same way
      const key = await shop.app.inject({ method: 'POST', url: '/api/v1/order/guest', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...order(), 'x\u0000': 1 }) })
      assert.equal(key.statusCode, 400)
      // text without NUL still goes through: "%2500" is the three characters "%00"
      const literal = await shop.app.inject({ url: '/api/v1/product?search=%2500' })
      assert.equal(literal.statusCode, 200)
    })
  })
}
