import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { coupons } from '../../db/schema.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'

function multipart(file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----shopboundary${Date.now()}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`))
  chunks.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const PAST = '2024-01-01T00:00:00Z'
const FUTURE = '2099-01-01T00:00:00Z'

for (const target of TEST_TARGETS) {
  describe(`back-office coupons, banners, pixels and shop phone on ${target}`, () => {
    let shop: AdminShop
    const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, options: { cookie?: string; lang?: string } = {}) =>
      shop.http(method, `/api/v1/admin${url}`, {
        cookie: options.cookie ?? shop.staffCookie,
        body,
        headers: options.lang ? { 'accept-language': options.lang } : undefined,
      })

    before(async () => {
      shop = await startAdminShop(target)
    })
    after(async () => shop.close())

    test('a duplicate coupon code is refused with 409 CODE_TAKEN "this code already exists" in each language', async () => {
      assert.equal((await admin('POST', '/coupons', { code: 'dupe26', type: 'fixed', value: 300 })).status, 201)
      for (const [lang, text] of [['fr', 'Ce code existe déjà'], ['en', 'This code already exists'], ['ar', 'هذا الرمز موجود مسبقًا']] as const) {
        const again = await admin('POST', '/coupons', { code: 'DUPE26', type: 'percentage', value: 10 }, { lang })
        assert.equal(again.status, 409)
        assert.equal(again.body.code, 'CODE_TAKEN')
        assert.match(again.body.message, new RegExp(text))
        assert.equal(again.body.errors[0].field, 'code')
        assert.match(again.body.errors[0].message, new RegExp(text))
      }
      // renaming another coupon onto a live code: the same answer
      const other = await admin('POST', '/coupons', { code: 'OTHER26', type: 'fixed', value: 100 })
      const renamed = await admin('PATCH', `/coupons/${other.body.data.coupon._id}`, { code: 'dupe26' })
      assert.equal(renamed.body.code, 'CODE_TAKEN')
    })

    test('the code of a deleted used coupon or of an expired coupon can be given to a new coupon', async () => {
      // TEN is used by an order: deleting it keeps the row (history) but frees the code
      await insertOrder(shop.database.db, [{ variantId: shop.catalogue.scarf.variants[0]!.id, quantity: 1 }], { couponCode: 'TEN' })
      const [ten] = await shop.database.db.select().from(coupons).where(eq(coupons.code, 'TEN'))
      assert.equal((await admin('POST', '/coupons', { code: 'TEN', type: 'fixed', value: 100 })).body.code, 'CODE_TAKEN')
      assert.deepEqual((await admin('DELETE', `/coupons/${ten!.id}`)).body.data, { deleted: false, deactivated: true })
      const listed = await admin('GET', '/coupons?search=TEN')
      assert.equal(listed.body.data.coupons.length, 0, 'a deleted coupon leaves the list')
      const reborn = await admin('POST', '/coupons', { code: 'ten', type: 'fixed', value: 700 })
      assert.equal(reborn.status, 201, JSON.stringify(reborn.body))
      const rows = await shop.database.db.select().from(coupons).where(eq(coupons.code, 'TEN'))
      assert.equal(rows.length, 2, 'the old coupon is kept for its orders')
      const check = await shop.http('POST', '/api/v1/coupons/client/validate', { body: { code: 'TEN', orderAmount: 5000 } })
      assert.equal(check.status, 200, JSON.stringify(check.body))
      assert.equal(check.body.data.orderSummary.discountAmount, 700, 'the checkout uses the new coupon')

      // an expired coupon gives its code back; a scheduled or running one does not
      const old = await admin('POST', '/coupons', { code: 'WINTER24', type: 'percentage', value: 10, startsAt: '2023-12-01T00:00:00Z', expiresAt: PAST })
      assert.equal(old.status, 201)
      const running = await admin('POST', '/coupons', { code: 'RUNNING', type: 'fixed', value: 100, expiresAt: FUTURE })
      assert.equal(running.status, 201)
      assert.equal((await admin('POST', '/coupons', { code: 'RUNNING', type: 'fixed', value: 100 })).status, 409)
      const winter = await admin('POST', '/coupons', { code: 'WINTER24', type: 'fixed', value: 500 })
      assert.equal(winter.status, 201, JSON.stringify(winter.body))
      assert.equal((await admin('GET', `/coupons?search=WINTER24`)).body.data.total, 1)
      assert.equal((await admin('PATCH', `/coupons/${old.body.data.coupon._id}`, { value: 20 })).status, 404, 'the retired coupon is gone')
    })

    test('a coupon is edited after creation: value, expiry, limits, active', async () => {
      const created = await admin('POST', '/coupons', { code: 'EDITME', type: 'percentage', value: 10, maxUses: 5 })
      const id = created.body.data.coupon._id
      const edited = await admin('PATCH', `/coupons/${id}`, { type: 'fixed', value: 900, maxUses: 50, perCustomerLimit: 2, minOrder: 4000, expiresAt: FUTURE, isActive: false })
      assert.equal(edited.status, 200)
      const c = edited.body.data.coupon
      assert.deepEqual([c.type, c.value, c.maxUses, c.perCustomerLimit, c.minOrder, c.expiresAt, c.isActive], ['fixed', 900, 50, 2, 4000, '2099-01-01T00:00:00.000Z', false])
    })

    test('a duplicate pixel id says CODE_TAKEN, not "someone else changed this item"', async () => {
      const owner = shop.ownerCookie
      assert.equal((await admin('POST', '/pixels', { platform: 'tiktok', pixelId: 'CABCDEF12345' }, { cookie: owner })).status, 201)
      const again = await admin('POST', '/pixels', { platform: 'tiktok', pixelId: 'CABCDEF12345' }, { cookie: owner, lang: 'fr' })
      assert.equal(again.status, 409)
      assert.equal(again.body.code, 'CODE_TAKEN')
      assert.equal(again.body.errors[0].field, 'pixelId')
    })

    test('a banner link must resolve: an existing category or product, a storefront page, or an outside address', async () => {
      const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } }).jpeg().toBuffer()
      const upload = (fields: Record<string, string>) => {
        const form = multipart({ name: 'b.jpg', type: 'image/jpeg', data: jpeg }, fields)
        return shop.app.inject({ method: 'POST', url: '/api/v1/admin/banners', payload: form.payload, headers: { ...form.headers, cookie: shop.staffCookie, 'accept-language': 'fr' } })
      }
      const missing = await upload({ link: '/product/no-such-shoe' })
      assert.equal(missing.statusCode, 422)
      assert.equal(missing.json().code, 'LINK_NOT_FOUND')
      assert.equal(missing.json().errors[0].field, 'link')
      assert.equal((await upload({ link: '/categorie/shoes' })).json().code, 'LINK_NOT_FOUND')
      assert.equal((await upload({ link: `/product/${shop.catalogue.hidden.slug}` })).json().code, 'LINK_NOT_FOUND', 'a hidden product is no destination')
      const ok = await upload({ link: `/product/${shop.catalogue.derby.slug}` })
      assert.equal(ok.statusCode, 201, ok.body)
      const id = ok.json().data.banner._id
      for (const link of ['/category/shoes', `/category/${shop.catalogue.categories.clothing.id}`, `/product/${shop.catalogue.runner.id}`, '/collection?sort=newest', '/', 'https://example.com/x', '']) {
        const res = await admin('PATCH', `/banners/${id}`, { link })
        assert.equal(res.status, 200, `${link}: ${JSON.stringify(res.body)}`)
      }
      const bad = await admin('PATCH', `/banners/${id}`, { link: '/category/nope', titleFr: 'Ne doit pas changer' })
      assert.equal(bad.status, 422)
      assert.equal(bad.body.code, 'LINK_NOT_FOUND')
      const list = await admin('GET', '/banners')
      assert.notEqual(list.body.data.banners.find((b: { _id: string }) => b._id === id).titleFr, 'Ne doit pas changer')
    })

    test('the shop phone follows the shared Algerian phone rule: "12345" is refused with a clear message', async () => {
      const owner = shop.ownerCookie
      const bad = await admin('PATCH', '/settings', { phone: '12345', nameFr: 'Pas enregistré' }, { cookie: owner, lang: 'fr' })
      assert.equal(bad.status, 400)
      assert.deepEqual(bad.body.errors.map((e: { field: string }) => e.field), ['phone'])
      assert.match(bad.body.errors[0].message, /mobile 05\/06\/07XXXXXXXX ou fixe/)
      assert.notEqual((await admin('GET', '/settings', undefined, { cookie: owner })).body.data.settings.nameFr, 'Pas enregistré')
      assert.equal((await admin('PATCH', '/settings', { whatsapp: '021234567' }, { cookie: owner })).status, 400, 'WhatsApp needs a mobile')
      const landline = await admin('PATCH', '/settings', { phone: '021 23 45 67', whatsapp: '+213 555 12 34 56' }, { cookie: owner })
      assert.equal(landline.status, 200)
      assert.equal(landline.body.data.settings.phone, '021234567')
      assert.equal(landline.body.data.settings.whatsapp, '0555123456')
      assert.equal((await admin('PATCH', '/settings', { phone: '' }, { cookie: owner })).body.data.settings.phone, null)
    })
  })
}
