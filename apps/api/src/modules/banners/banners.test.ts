import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { adPixels, banners, shopSettings } from '../../db/schema.ts'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

const DAY = 24 * 60 * 60 * 1000

for (const target of TEST_TARGETS) {
  describe(`banners, pixels, settings and home sections on ${target}`, () => {
    let shop: Shop
    before(async () => {
      shop = await startShop(target)
      const now = Date.now()
      const banner = (titleFr: string, position: number, extra: Partial<typeof banners.$inferInsert> = {}) => ({
        titleFr,
        titleAr: `${titleFr} ar`,
        imagePath: `banners/${titleFr}`,
        imageWidths: [960, 1920],
        position,
        ...extra,
      })
      await shop.database.db.insert(banners).values([
        banner('second', 2),
        banner('first', 1, { startsAt: new Date(now - DAY), endsAt: new Date(now + DAY) }),
        banner('future', 0, { startsAt: new Date(now + DAY) }),
        banner('past', 0, { endsAt: new Date(now - DAY) }),
        banner('off', 0, { isActive: false }),
      ])
      await shop.database.db.insert(adPixels).values([
        { platform: 'facebook', pixelId: '123456789012345' },
        { platform: 'facebook', pixelId: '99999999', isActive: false },
        { platform: 'tiktok', pixelId: 'CABCDEFGHIJ' },
      ])
    })
    after(async () => shop.close())

    test('active banners are those live now, in their order, in the shopper’s language', async () => {
      const res = await shop.http('GET', '/api/v1/banner/active', { headers: { 'accept-language': 'fr' } })
      assert.equal(res.status, 200)
      assert.deepEqual(
        res.body.data.banners.map((b: { title: string }) => b.title),
        ['first', 'second'],
      )
      // pictures that cannot be read (none were written here) keep their subject in the centre
      assert.deepEqual(res.body.data.banners[0].focalPoint, { x: 50, y: 50 })
    })

    test('a banner click is counted; an unknown banner is 404', async () => {
      const [first] = await shop.database.db.select().from(banners).where(eq(banners.titleFr, 'first'))
      const click = await shop.http('POST', `/api/v1/banner/${first?.id}/click`)
      assert.equal(click.status, 200)
      await shop.http('POST', `/api/v1/banner/${first?.id}/click`)
      const [after] = await shop.database.db.select().from(banners).where(eq(banners.titleFr, 'first'))
      assert.equal(after?.clickCount, 2)
      const unknown = await shop.http('POST', '/api/v1/banner/00000000-0000-0000-0000-000000000000/click')
      assert.equal(unknown.status, 404)
    })

    test('pixels: active ones only, in each platform’s field name', async () => {
      const fb = await shop.http('GET', '/api/v1/facebook-pixels/active')
      assert.deepEqual(fb.body.data.pixels.map((p: { pixelId: string }) => p.pixelId), ['123456789012345'])
      const tt = await shop.http('GET', '/api/v1/tiktok-pixels/storefront/codes')
      assert.deepEqual(tt.body.data.pixels.map((p: { pixel_id: string }) => p.pixel_id), ['CABCDEFGHIJ'])
    })

    test('settings give the shop name, contacts and the payment methods it takes; the logo has its own call', async () => {
      await shop.database.db.update(shopSettings).set({ ccpDetails: 'CCP 0012345678 clé 90', logoPath: 'logo.svg' }).where(eq(shopSettings.id, 1))
      const res = await shop.http('GET', '/api/v1/settings')
      assert.equal(res.body.data.settings.ccpDetails, 'CCP 0012345678 clé 90')
      assert.deepEqual(res.body.data.settings.paymentMethods, ['cash_on_delivery', 'ccp'])
      const logo = await shop.http('GET', '/api/v1/settings/logo')
      assert.equal(logo.body.data.logo, '/media/logo.svg')
    })

    test('home sections: top-level categories with their newest products, sub-categories included', async () => {
      const res = await shop.http('GET', '/api/v1/product/homepage/categories?productsPerCategory=1', { headers: { 'accept-language': 'fr' } })
      const sections = res.body.data.categories
      assert.deepEqual(sections.map((c: { name: string }) => c.name), ['Chaussures', 'Vêtements'])
      assert.equal(sections[0].products.length, 1)
      assert.equal(sections[0].products[0].slug, 'runner', 'the newest of shoes and its sub-category sneakers')
    })

    test('wilayas and communes follow the shop’s division', async () => {
      const states = await shop.http('GET', '/api/v1/location/states')
      assert.equal(states.body.data.states.length, 58)
      await shop.database.db.update(shopSettings).set({ wilayaDivision: 69 }).where(eq(shopSettings.id, 1))
      const all = await shop.http('GET', '/api/v1/location/states')
      assert.equal(all.body.data.states.length, 69)
      await shop.database.db.update(shopSettings).set({ wilayaDivision: 58 }).where(eq(shopSettings.id, 1))
      const unknown = await shop.http('GET', '/api/v1/location/states/69/cities')
      assert.equal(unknown.status, 404)
    })
  })
}
