import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import { adPixels, communes, conversionEvents, jobs, orderAttribution, orders } from '../../db/schema.ts'
import { randomPhone, type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { createStaff } from '../staff/staff.service.ts'
import { CONVERSIONS_QUEUE, e164Digits, queueConversions, sha256 } from './conversions.ts'
import { type FakeAdPlatforms, startFakeAdPlatforms } from './fakes/fake-ad-platforms.ts'

const META_TOKEN = 'EAAB-meta-token-1234567890'
const TIKTOK_TOKEN = 'tt-events-token-abcdef'

test('hashing follows the platforms: Meta\'s published example, and an Algerian mobile with its country code', () => {
  assert.equal(sha256('16505551212'), 'e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176')
  assert.equal(e164Digits('0555123456'), '213555123456')
  assert.equal(sha256(e164Digits('0555123456')), sha256('213555123456'))
})

for (const target of TEST_TARGETS) {
  describe(`server-side conversion events on ${target}`, () => {
    let shop: Shop
    let fakes: FakeAdPlatforms
    let owner: string
    let commune: number

    const placeFromAd = async (phone = randomPhone()) => {
      const res = await shop.http('POST', '/api/v1/order/guest', {
        headers: {
          cookie: '_fbp=fb.1.1700000000000.424242; click_fbclid=IwAR-click-1; _ttp=ttp-cookie-1; click_ttclid=E.C.P.ttclid-1',
          'user-agent': 'Mozilla/5.0 (Linux; Android 13) Mobile',
          referer: 'https://shop.example.dz/product/derby?fbclid=IwAR-click-1',
        },
        body: {
          orderItems: [{ productId: shop.catalogue.scarf.id, quantity: 2, size: 'M', color: 'red', price: 1 }],
          customerInfo: { firstName: 'Amine', lastName: 'Benali', phone },
          shippingAddress: { wilayaId: '16', communeId: commune, type: 'domicil', address: '12 rue Didouche Mourad' },
          paymentMethod: 'cash_on_delivery',
        },
      })
      assert.equal(res.status, 201, JSON.stringify(res.body))
      const [row] = await shop.database.db.select().from(orders).where(eq(orders.trackingNumber, res.body.data.order.trackingNumber))
      assert.ok(row)
      return row
    }
    const versionOf = async (id: string) => (await shop.database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, id)))[0]?.version
    const call = async (id: string, outcome: string) => {
      const res = await shop.http('POST', `/api/v1/admin/orders/${id}/call`, { cookie: owner, body: { outcome, version: await versionOf(id) } })
      assert.equal(res.status, 200, JSON.stringify(res.body))
    }
    const eventsOf = (tracking: string, name: string) => fakes.received.filter((r) => r.event.event_id !== undefined && String(r.event.event_id).endsWith(tracking) && (r.event.event_name ?? r.event.event) === name)

    before(async () => {
      fakes = await startFakeAdPlatforms()
      shop = await startShop(target, { META_GRAPH_URL: fakes.metaGraphUrl, TIKTOK_EVENTS_URL: fakes.tiktokEventsUrl })
      const password = 'a-long-test-password'
      await createStaff(shop.database.db, { email: 'owner@test.dz', name: 'Owner', password, role: 'owner' })
      owner = (await shop.http('POST', '/api/v1/admin/auth/login', { body: { email: 'owner@test.dz', password } })).cookie
      const [row] = await shop.database.db.select({ id: communes.id }).from(communes).where(eq(communes.wilayaCode, 16)).limit(1)
      assert.ok(row)
      commune = row.id
    })
    after(async () => {
      await shop.close()
      await fakes.close()
    })

    test('the access token is write-only and kept encrypted; the storefront learns only that the server sends the purchase', async () => {
      const facebook = await shop.http('POST', '/api/v1/admin/pixels', { cookie: owner, body: { platform: 'facebook', pixelId: '1234567890', accessToken: META_TOKEN } })
      assert.equal(facebook.status, 201, JSON.stringify(facebook.body))
      assert.equal(facebook.body.data.pixel.hasAccessToken, true)
      const tiktok = await shop.http('POST', '/api/v1/admin/pixels', {
        cookie: owner,
        body: { platform: 'tiktok', pixelId: 'CABCDE12345', accessToken: TIKTOK_TOKEN, testEventCode: 'TEST42' },
      })
      assert.equal(tiktok.status, 201, JSON.stringify(tiktok.body))
      const list = await shop.http('GET', '/api/v1/admin/pixels', { cookie: owner })
      const text = JSON.stringify(list.body)
      assert.ok(!text.includes(META_TOKEN) && !text.includes(TIKTOK_TOKEN), 'no reply carries a token')
      const stored = await shop.database.db.select({ token: adPixels.accessToken }).from(adPixels)
      for (const row of stored) {
        assert.match(row.token ?? '', /^v1:/)
        assert.ok(!row.token?.includes(META_TOKEN) && !row.token?.includes(TIKTOK_TOKEN))
      }
      const storefront = await shop.http('GET', '/api/v1/facebook-pixels/active')
      assert.deepEqual(storefront.body.data.pixels.map((p: { serverEvents: boolean }) => p.serverEvents), [true])
    })

    test('an order from an ad: its click data is kept, "order placed" goes out with the browser\'s event id, the purchase once at confirmation', async () => {
      const order = await placeFromAd()
      const [kept] = await shop.database.db.select().from(orderAttribution).where(eq(orderAttribution.orderId, order.id))
      assert.ok(kept, 'the click data is kept with the order')
      assert.equal(kept.fbp, 'fb.1.1700000000000.424242')
      assert.match(kept.fbc ?? '', /^fb\.1\.\d+\.IwAR-click-1$/)
      assert.equal(kept.ttclid, 'E.C.P.ttclid-1')

      await shop.app.jobs.drain()
      const [placedMeta] = eventsOf(order.trackingNumber, 'OrderPlaced')
      assert.ok(placedMeta, 'Meta gets "order placed"')
      assert.equal(placedMeta.event.event_id, `placed-${order.trackingNumber}`)
      assert.equal(placedMeta.token, META_TOKEN)
      const user = placedMeta.event.user_data as Record<string, unknown>
      assert.deepEqual(user.ph, [sha256(`213${order.phone.slice(1)}`)])
      assert.equal(user.fbp, 'fb.1.1700000000000.424242')
      assert.equal(user.client_user_agent, 'Mozilla/5.0 (Linux; Android 13) Mobile')
      const [placedTiktok] = eventsOf(order.trackingNumber, 'PlaceAnOrder')
      assert.ok(placedTiktok, 'TikTok gets PlaceAnOrder')
      assert.equal(placedTiktok.testEventCode, 'TEST42')
      assert.equal((placedTiktok.event.user as Record<string, unknown>).ttclid, 'E.C.P.ttclid-1')
      assert.equal(eventsOf(order.trackingNumber, 'Purchase').length, 0, 'no purchase before the confirmation')

      await call(order.id, 'confirmed')
      await shop.app.jobs.drain()
      // a second confirmation path queuing again (the link, a bulk confirm) sends nothing more
      await shop.database.db.transaction((tx) => queueConversions(tx, order.id, 'purchase'))
      await shop.app.jobs.drain()
      const purchases = eventsOf(order.trackingNumber, 'Purchase')
      assert.equal(purchases.length, 1, 'one Purchase per confirmed order')
      const custom = purchases[0]?.event.custom_data as Record<string, unknown>
      assert.equal(purchases[0]?.event.event_id, `purchase-${order.trackingNumber}`)
      assert.equal(custom.currency, 'DZD')
      assert.equal(custom.value, order.total)
      assert.deepEqual(custom.content_ids, ['SCARF-M-RED'])
      const payments = eventsOf(order.trackingNumber, 'CompletePayment')
      assert.equal(payments.length, 1, 'one CompletePayment per confirmed order')
      assert.equal((payments[0]?.event.properties as Record<string, unknown>).currency, 'DZD')
    })

    test('a platform failing twice: the event is retried and reaches it once', async () => {
      const order = await placeFromAd()
      await shop.app.jobs.drain()
      fakes.failNext('facebook', 2)
      await call(order.id, 'confirmed')
      for (let round = 0; round < 3; round += 1) {
        // the retry's backoff has passed
        await shop.database.db.update(jobs).set({ runAt: sql`now()` }).where(and(eq(jobs.queue, CONVERSIONS_QUEUE), eq(jobs.status, 'queued')))
        await shop.app.jobs.drain()
      }
      assert.equal(eventsOf(order.trackingNumber, 'Purchase').length, 1)
      const rows = await shop.database.db.select().from(conversionEvents).where(and(eq(conversionEvents.orderId, order.id), eq(conversionEvents.moment, 'purchase')))
      assert.deepEqual(rows.map((r) => r.status), ['sent', 'sent'])
    })

    test('never a purchase for an order cancelled as fake, nor for one cancelled after its confirmation', async () => {
      const fake = await placeFromAd()
      await call(fake.id, 'fake')
      const late = await placeFromAd()
      await call(late.id, 'confirmed')
      // cancelled before the queue sent the purchase
      const move = await shop.http('POST', `/api/v1/admin/orders/${late.id}/status`, { cookie: owner, body: { status: 'cancelled', version: await versionOf(late.id) } })
      assert.equal(move.status, 200, JSON.stringify(move.body))
      await shop.app.jobs.drain()
      assert.equal(eventsOf(fake.trackingNumber, 'Purchase').length, 0)
      assert.equal(eventsOf(late.trackingNumber, 'Purchase').length, 0)
      assert.equal(eventsOf(late.trackingNumber, 'CompletePayment').length, 0)
      const skipped = await shop.database.db.select().from(conversionEvents).where(and(eq(conversionEvents.orderId, late.id), eq(conversionEvents.moment, 'purchase')))
      assert.deepEqual(skipped.map((r) => [r.status, r.reason]), [['skipped', 'order_cancelled'], ['skipped', 'order_cancelled']])
    })

    test('without an access token nothing about the click is kept and nothing is sent by the server', async () => {
      const pixels = await shop.database.db.select({ id: adPixels.id }).from(adPixels)
      for (const pixel of pixels) {
        const res = await shop.http('PATCH', `/api/v1/admin/pixels/${pixel.id}`, { cookie: owner, body: { accessToken: null } })
        assert.equal(res.body.data.pixel.hasAccessToken, false)
      }
      const before = fakes.received.length
      const order = await placeFromAd()
      await call(order.id, 'confirmed')
      await shop.app.jobs.drain()
      assert.equal((await shop.database.db.select().from(orderAttribution).where(eq(orderAttribution.orderId, order.id))).length, 0)
      assert.equal((await shop.database.db.select().from(conversionEvents).where(eq(conversionEvents.orderId, order.id))).length, 0)
      assert.equal(fakes.received.length, before)
    })
  })
}
