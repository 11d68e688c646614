import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { type AdminShop, startAdminShop } from '../../test/admin-fixture.ts'
import { randomPhone, type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

type Row = Record<string, unknown>
const rows = (result: unknown) => (result as { rows: Row[] }).rows

for (const target of TEST_TARGETS) {
  describe(`call-back drafts on ${target}`, () => {
    let shop: AdminShop
    let commune = 0
    before(async () => {
      shop = await startAdminShop(target)
      const cities = await shop.http('GET', '/api/v1/location/states/16/cities')
      commune = cities.body.data.cities[0]._id
    })
    after(async () => shop.close())

    const db = () => shop.database.db
    const runner41 = () => shop.catalogue.runner.variants.find((v) => v.size === '41') as { id: string; stock: number }
    const save = (body: Record<string, unknown>, headers: Record<string, string> = {}) => shop.http('POST', '/api/v1/drafts', { body, headers })
    const draftOf = (phone: string, extra: Record<string, unknown> = {}) => ({
      productId: shop.catalogue.runner.id,
      variantId: runner41().id,
      quantity: 2,
      firstName: 'Nadia',
      phone,
      ...extra,
    })
    const list = async () => {
      const res = await shop.http('GET', '/api/v1/admin/drafts', { cookie: shop.agentCookie, headers: { 'accept-language': 'fr' } })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      return res.body.data as { drafts: Row[]; total: number }
    }
    const listedPhones = async () => (await list()).drafts.map((d) => d.phone)
    const draftRows = async (phone: string) => rows(await db().execute(sql`select * from order_drafts where phone = ${phone}`))
    const stockOf = async (variantId: string) => Number(rows(await db().execute(sql`select stock from variants where id = ${variantId}`))[0]?.stock)

    test('a draft needs a name and a valid Algerian mobile; nothing is kept otherwise', async () => {
      const phone = randomPhone()
      for (const [body, field] of [
        [draftOf('12345'), 'phone'],
        [draftOf('0212345678'), 'phone'],
        [draftOf(''), 'phone'],
        [draftOf(phone, { firstName: '' }), 'firstName'],
        [draftOf(phone, { productId: 'not-a-product' }), 'productId'],
        [draftOf(phone, { quantity: 0 }), 'quantity'],
      ] as const) {
        const res = await save(body, { 'accept-language': 'ar' })
        assert.equal(res.status, 400, JSON.stringify(body))
        assert.equal(res.body.code, 'VALIDATION_FAILED')
        assert.ok(res.body.errors.some((e: { field: string }) => e.field === field), JSON.stringify(res.body.errors))
      }
      assert.equal((await draftRows(phone)).length, 0)
      assert.equal(rows(await db().execute(sql`select count(*)::int as n from order_drafts where phone in ('12345', '0212345678')`))[0]?.n, 0)
    })

    test('a valid draft is saved (phone in any format), listed newest first with product, size, colour and place; one per phone and product', async () => {
      const phone = randomPhone()
      const spaced = `+213 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`
      const first = await save(draftOf(spaced, { wilayaCode: 16, communeId: commune, locale: 'fr' }))
      assert.equal(first.status, 200, JSON.stringify(first.body))
      assert.equal(first.body.data.saved, true)
      // the same phone and product again: the draft is replaced (upsert), not doubled
      const second = await save(draftOf(phone, { firstName: 'Nadia', lastName: 'Saidi', quantity: 3, wilayaCode: 16, communeId: commune }))
      assert.equal(second.body.data.saved, true)
      const kept = await draftRows(phone)
      assert.equal(kept.length, 1)
      assert.equal(kept[0]?.quantity, 3)
      assert.equal(kept[0]?.last_name, 'Saidi')
      // another product of the same phone is another draft, newer, so first in the list
      const other = await save({ productId: shop.catalogue.scarf.id, firstName: 'Nadia', phone })
      assert.equal(other.body.data.saved, true)
      assert.equal((await draftRows(phone)).length, 2)

      const listed = await list()
      const mine = listed.drafts.filter((d) => d.phone === phone)
      assert.deepEqual(mine.map((d) => d.productName), ['Écharpe en laine', 'Basket de course'])
      const runner = mine[1] as Row
      assert.equal(runner.size, '41')
      assert.equal(runner.color, 'black')
      assert.equal(runner.quantity, 3)
      assert.equal(runner.wilayaCode, 16)
      assert.equal(runner.communeId, commune)
      assert.ok(runner.communeName && runner.wilayaName)
      assert.equal(runner.price, 4900)
      assert.ok(Date.parse(String(runner.expiresAt)) - Date.parse(String(runner.updatedAt)) === 48 * 3600_000, 'the default expiry is 48 hours')
    })

    test('a commune outside the wilaya, an unknown variant or an inactive product are not kept as given', async () => {
      const phone = randomPhone()
      const res = await save(draftOf(phone, { wilayaCode: 31, communeId: commune, variantId: shop.catalogue.derby.variants[0]?.id, size: 'XL' }))
      assert.equal(res.body.data.saved, true)
      const [row] = await draftRows(phone)
      assert.equal(row?.wilaya_code, 31)
      assert.equal(row?.commune_id, null, 'a commune of another wilaya is dropped')
      assert.equal(row?.variant_id, null, "another product's variant is dropped")
      assert.equal(row?.size, 'XL')
      const hidden = await save({ productId: shop.catalogue.hidden.id, firstName: 'Nadia', phone })
      assert.equal(hidden.body.data.saved, false)
    })

    test('an expired draft is not listed, and the cleanup deletes it; the expiry is a shop setting', async () => {
      const [fresh, stale] = [randomPhone(), randomPhone()]
      await save(draftOf(fresh))
      await save(draftOf(stale))
      await db().execute(sql`update order_drafts set created_at = now() - interval '49 hours', updated_at = now() - interval '49 hours' where phone = ${stale}`)
      let phones = await listedPhones()
      assert.ok(phones.includes(fresh))
      assert.ok(!phones.includes(stale), 'past 48 hours it is off the list')

      // the owner keeps drafts for 72 hours: the 49-hour-old one is back
      const longer = await shop.http('PATCH', '/api/v1/admin/settings', { cookie: shop.ownerCookie, body: { draftExpiryHours: 72 } })
      assert.equal(longer.status, 200)
      assert.equal(longer.body.data.settings.draftExpiryHours, 72)
      assert.ok((await listedPhones()).includes(stale))
      const bad = await shop.http('PATCH', '/api/v1/admin/settings', { cookie: shop.ownerCookie, body: { draftExpiryHours: 0 } })
      assert.equal(bad.status, 400)
      await shop.http('PATCH', '/api/v1/admin/settings', { cookie: shop.ownerCookie, body: { draftExpiryHours: 48 } })

      phones = await listedPhones()
      assert.ok(!phones.includes(stale))
      const counts = await shop.app.purgeNow()
      assert.ok(counts && counts.orderDrafts >= 1)
      assert.equal((await draftRows(stale)).length, 0, 'the cleanup deleted the expired draft')
      assert.equal((await draftRows(fresh)).length, 1, 'a live draft stays')
    })

    test('an order placed on the storefront takes its draft off the list at once, and the cleanup deletes it', async () => {
      const phone = randomPhone()
      await save(draftOf(phone))
      assert.ok((await listedPhones()).includes(phone))
      const placed = await shop.http('POST', '/api/v1/order/guest', {
        body: {
          orderItems: [{ productId: shop.catalogue.runner.id, quantity: 1, size: '41', color: 'black' }],
          customerInfo: { firstName: 'Nadia', lastName: 'Saidi', phone },
          shippingAddress: { wilayaId: '16', communeId: commune, type: 'stopdesk' },
        },
      })
      assert.equal(placed.status, 201, JSON.stringify(placed.body))
      assert.ok(!(await listedPhones()).includes(phone), 'the ordered draft is no longer listed')
      // a save sent as the page is left, after the order (a late beacon), keeps nothing
      const late = await save(draftOf(phone))
      assert.equal(late.body.data.saved, false)
      assert.ok(!(await listedPhones()).includes(phone))
      await shop.app.purgeNow()
      assert.equal((await draftRows(phone)).length, 0)
    })

    test('staff turn a draft into one order through the order service: stock down, draft gone, source in the history', async () => {
      const phone = randomPhone()
      await save(draftOf(phone, { wilayaCode: 16, communeId: commune }))
      const draft = (await list()).drafts.find((d) => d.phone === phone) as Row
      const before = await stockOf(runner41().id)

      // what the call must still give: a last name and, for home delivery, the address
      const missing = await shop.http('POST', `/api/v1/admin/drafts/${draft._id}/order`, {
        cookie: shop.agentCookie,
        body: { firstName: 'Nadia', lastName: 'Saidi', wilayaCode: 16, communeId: commune, deliveryType: 'domicil', quantity: 2 },
      })
      assert.equal(missing.status, 400)
      assert.ok(missing.body.errors.some((e: { field: string }) => e.field === 'address'))
      // the shop's limits apply as at checkout (nothing is written on a refusal)
      const tooMany = await shop.http('POST', `/api/v1/admin/drafts/${draft._id}/order`, {
        cookie: shop.agentCookie,
        body: { firstName: 'Nadia', lastName: 'Saidi', wilayaCode: 16, communeId: commune, deliveryType: 'stopdesk', quantity: 8 },
      })
      assert.equal(tooMany.status, 422, JSON.stringify(tooMany.body))
      assert.equal(await stockOf(runner41().id), before)
      assert.equal((await draftRows(phone)).length, 1, 'a refused order leaves the draft')

      const made = await shop.http('POST', `/api/v1/admin/drafts/${draft._id}/order`, {
        cookie: shop.agentCookie,
        body: { firstName: 'Nadia', lastName: 'Saidi', wilayaCode: 16, communeId: commune, deliveryType: 'domicil', address: '5 rue des Frères Bouadou', quantity: 2 },
      })
      assert.equal(made.status, 201, JSON.stringify(made.body))
      const orderId = made.body.data.order._id
      assert.match(made.body.data.order.trackingNumber, /^KH/)
      assert.equal(await stockOf(runner41().id), before - 2, 'two units taken')
      assert.equal((await draftRows(phone)).length, 0, 'the draft is gone')
      const orders = rows(await db().execute(sql`select id, total, delivery_fee, status from orders where phone = ${phone}`))
      assert.equal(orders.length, 1, 'one order')
      assert.equal(orders[0]?.status, 'pending')
      assert.equal(Number(orders[0]?.total), 2 * 4900 + Number(orders[0]?.delivery_fee), 'priced by the server')
      assert.equal(made.body.data.order.totalAmount, Number(orders[0]?.total))

      const detail = await shop.http('GET', `/api/v1/admin/orders/${orderId}`, { cookie: shop.agentCookie })
      const placedEntry = detail.body.data.history.find((h: Row) => h.fromStatus === null)
      assert.equal(placedEntry.note, 'call-back draft')
      assert.equal(placedEntry.staffName, 'Yasmine')

      // the same draft twice: gone
      const again = await shop.http('POST', `/api/v1/admin/drafts/${draft._id}/order`, {
        cookie: shop.agentCookie,
        body: { firstName: 'Nadia', lastName: 'Saidi', wilayaCode: 16, communeId: commune, deliveryType: 'stopdesk', quantity: 1 },
      })
      assert.equal(again.status, 404)
      assert.equal(again.body.code, 'DRAFT_NOT_FOUND')
      assert.equal(rows(await db().execute(sql`select count(*)::int as n from orders where phone = ${phone}`))[0]?.n, 1)
    })

    test('two agents turning the same draft into an order at once make one order', async () => {
      const phone = randomPhone()
      await save(draftOf(phone, { quantity: 1 }))
      const draft = (await list()).drafts.find((d) => d.phone === phone) as Row
      const body = { firstName: 'Nadia', lastName: 'Saidi', wilayaCode: 16, communeId: commune, deliveryType: 'stopdesk', quantity: 1 }
      const results = await Promise.all([
        shop.http('POST', `/api/v1/admin/drafts/${draft._id}/order`, { cookie: shop.agentCookie, body }),
        shop.http('POST', `/api/v1/admin/drafts/${draft._id}/order`, { cookie: shop.staffCookie, body }),
      ])
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 404])
      assert.equal(rows(await db().execute(sql`select count(*)::int as n from orders where phone = ${phone}`))[0]?.n, 1)
    })

    test('dismissing removes a draft; an unknown or malformed id is 404', async () => {
      const phone = randomPhone()
      await save(draftOf(phone))
      const draft = (await list()).drafts.find((d) => d.phone === phone) as Row
      const res = await shop.http('DELETE', `/api/v1/admin/drafts/${draft._id}`, { cookie: shop.agentCookie })
      assert.equal(res.status, 200)
      assert.equal((await draftRows(phone)).length, 0)
      assert.equal((await shop.http('DELETE', `/api/v1/admin/drafts/${draft._id}`, { cookie: shop.agentCookie })).status, 404)
      assert.equal((await shop.http('DELETE', '/api/v1/admin/drafts/nope', { cookie: shop.agentCookie })).status, 404)
      assert.equal((await shop.http('GET', '/api/v1/admin/drafts')).status, 401)
    })
  })
}

describe('call-back drafts are rate limited per phone', () => {
  let shop: Shop
  before(async () => {
    shop = await startShop('pglite', { RATE_LIMIT_DRAFT: '2/600' })
  })
  after(async () => shop.close())

  test('past RATE_LIMIT_DRAFT saves the API answers 429', async () => {
    const body = { productId: shop.catalogue.scarf.id, firstName: 'Nadia', phone: randomPhone() }
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await shop.http('POST', '/api/v1/drafts', { body })).status)
    assert.deepEqual(statuses, [200, 200, 429])
  })
})
