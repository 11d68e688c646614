import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { coupons, deliveryPrices, products, variants } from '../../db/schema.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'

/** A multipart body with one file part and text fields, as a browser's FormData sends it. */
function multipart(file: { name: string; type: string; data: Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = `----shopboundary${Date.now()}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`))
    chunks.push(file.data, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

for (const target of TEST_TARGETS) {
  describe(`back-office catalogue and shop on ${target}`, () => {
    let shop: AdminShop
    const admin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie?: string) =>
      shop.http(method, `/api/v1/admin${url}`, { cookie: cookie ?? shop.staffCookie, body })
    const upload = (url: string, form: ReturnType<typeof multipart>, cookie?: string) =>
      shop.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, payload: form.payload, headers: { ...form.headers, cookie: cookie ?? shop.staffCookie } })

    before(async () => {
      shop = await startAdminShop(target)
    })
    after(async () => shop.close())

    test('bulk stock edit: a negative stock is refused and nothing changes; valid edits apply together', async () => {
      const [a, b] = [shop.catalogue.runner.variants[0]!, shop.catalogue.runner.variants[1]!]
      const before = await shop.database.db.select().from(variants).where(inArray(variants.id, [a.id, b.id]))
      const bad = await admin('PATCH', '/variants/stock', { items: [{ variantId: a.id, stock: 40 }, { variantId: b.id, stock: -1 }] })
      assert.equal(bad.status, 400)
      assert.equal(bad.body.code, 'VALIDATION_FAILED')
      const unknown = await admin('PATCH', '/variants/stock', { items: [{ variantId: a.id, stock: 40 }, { variantId: '00000000-0000-4000-8000-000000000000', stock: 1 }] })
      assert.equal(unknown.status, 422)
      const afterBad = await shop.database.db.select().from(variants).where(inArray(variants.id, [a.id, b.id]))
      assert.deepEqual(afterBad.map((v) => v.stock).sort(), before.map((v) => v.stock).sort())
      const ok = await admin('PATCH', '/variants/stock', { items: [{ variantId: a.id, stock: 40 }, { variantId: b.id, stock: 0 }] })
      assert.equal(ok.status, 200)
      const rows = await shop.database.db.select().from(variants).where(inArray(variants.id, [a.id, b.id]))
      assert.equal(rows.find((v) => v.id === a.id)?.stock, 40)
      assert.equal(rows.find((v) => v.id === b.id)?.stock, 0)
    })

    test('variant grid: a stale save never puts sold units back; a changed stock that moved meanwhile is a 409 STOCK_CONFLICT', async () => {
      const created = await admin('POST', '/products', {
        nameFr: 'Mocassin grille',
        price: 5000,
        categoryId: shop.catalogue.categories.shoes.id,
        variants: [{ size: '42', color: 'black', stock: 20 }],
      })
      assert.equal(created.status, 201)
      const productId = created.body.data.product._id as string
      // the owner opens the grid: 42 black, stock 20
      const loaded = (await admin('GET', `/products/${productId}`)).body.data.product.variants as { _id: string; stock: number; sku: string }[]
      const v42 = loaded[0]!
      assert.equal(v42.stock, 20)
      // meanwhile 5 are sold
      await insertOrder(shop.database.db, [{ variantId: v42._id, quantity: 5 }])
      const stockOf = async (id: string) => (await shop.database.db.select().from(variants).where(eq(variants.id, id)))[0]
      const sold = await stockOf(v42._id)
      assert.equal(sold?.stock, 15)
      // the grid is saved as loaded plus a new size: 42 untouched keeps 15 (not the 20 loaded) and is not rewritten
      const saved = await admin('PUT', `/products/${productId}/variants`, [
        { _id: v42._id, size: '42', color: 'black', sku: v42.sku, stock: 20, expectedStock: 20 },
        { size: '43', color: 'black', stock: 4 },
      ])
      assert.equal(saved.status, 200, JSON.stringify(saved.body))
      const after = await stockOf(v42._id)
      assert.equal(after?.stock, 15, 'the 5 sold units are not put back')
      assert.equal(after?.updatedAt.getTime(), sold?.updatedAt.getTime(), 'an untouched variant is not rewritten')
      const byKey = Object.fromEntries(
        (saved.body.data.product.variants as { size: string; stock: number }[]).map((v) => [v.size, v.stock]),
      )
      assert.deepEqual(byKey, { '42': 15, '43': 4 })
      // the owner types 30 over the 20 loaded, but the stock is 15 now: refused with the fresh values, nothing written
      const stale = await admin('PUT', `/products/${productId}/variants`, [
        { _id: v42._id, size: '42', color: 'black', sku: v42.sku, stock: 30, expectedStock: 20 },
      ])
      assert.equal(stale.status, 409)
      assert.equal(stale.body.code, 'STOCK_CONFLICT')
      assert.deepEqual(stale.body.data.variants, [{ _id: v42._id, size: '42', color: 'black', sku: v42.sku, expectedStock: 20, stock: 15 }])
      assert.equal((await stockOf(v42._id))?.stock, 15)
      const still = await shop.database.db.select().from(variants).where(eq(variants.productId, productId))
      assert.equal(still.length, 2, 'the refused save removed nothing')
      // the bulk stock route checks the same way, all or nothing
      const v43 = still.find((v) => v.size === '43')!
      const bulkStale = await admin('PATCH', '/variants/stock', {
        items: [
          { variantId: v43.id, stock: 9, expectedStock: 4 },
          { variantId: v42._id, stock: 30, expectedStock: 20 },
        ],
      })
      assert.equal(bulkStale.status, 409)
      assert.equal(bulkStale.body.code, 'STOCK_CONFLICT')
      assert.equal(bulkStale.body.data.variants[0].stock, 15)
      assert.equal((await stockOf(v43.id))?.stock, 4)
      const bulkFresh = await admin('PATCH', '/variants/stock', { items: [{ variantId: v42._id, stock: 30, expectedStock: 15 }] })
      assert.equal(bulkFresh.status, 200)
      assert.equal((await stockOf(v42._id))?.stock, 30)
    })

    test('a text file named photo.jpg is refused with 422 INVALID_IMAGE; a real PNG is stored as WebP sizes without EXIF', async () => {
      const productId = shop.catalogue.derby.id
      const fake = await upload(`/products/${productId}/images`, multipart({ name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('this is not a picture at all') }))
      assert.equal(fake.statusCode, 422)
      assert.equal(fake.json().code, 'INVALID_IMAGE')
      const svg = await upload(`/products/${productId}/images`, multipart({ name: 'x.png', type: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>') }))
      assert.equal(svg.json().code, 'INVALID_IMAGE')
      const missing = await upload(`/products/${productId}/images`, multipart(null, { note: 'no file' }))
      assert.equal(missing.statusCode, 400)

      const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#a05030' } })
        .png()
        .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'GPS here' } })
        .toBuffer()
      assert.ok((await sharp(png).metadata()).exif, 'the test picture carries EXIF')
      const res = await upload(`/products/${productId}/images`, multipart({ name: 'shoe.png', type: 'image/png', data: png }))
      assert.equal(res.statusCode, 201, res.body)
      const image = res.json().data.image
      assert.deepEqual(image.widths, [300, 600, 1200])
      assert.equal(image.width, 1200)
      assert.equal(image.height, 750)
      for (const w of [300, 600, 1200]) {
        const file = path.join(shop.config.mediaDir, `${image.path}-${w}.webp`)
        assert.ok(existsSync(file), file)
        const meta = await sharp(file).metadata()
        assert.equal(meta.format, 'webp')
        assert.equal(meta.width, w)
        assert.equal(meta.exif, undefined)
      }
      const served = await shop.app.inject({ url: image.src })
      assert.equal(served.statusCode, 200)
      assert.equal(served.headers['content-type'], 'image/webp')

      // a second, small image: never enlarged; then reorder and delete
      const small = await sharp({ create: { width: 400, height: 400, channels: 4, background: '#00000000' } }).webp().toBuffer()
      const second = (await upload(`/products/${productId}/images`, multipart({ name: 's.webp', type: 'image/webp', data: small }))).json().data.image
      assert.deepEqual(second.widths, [300, 400])
      assert.equal(second.position, 1)
      const reordered = await admin('PUT', `/products/${productId}/images/order`, { imageIds: [second._id, image._id] })
      assert.deepEqual(reordered.body.data.product.images.map((i: { _id: string }) => i._id), [second._id, image._id])
      assert.equal((await admin('PUT', `/products/${productId}/images/order`, { imageIds: [second._id] })).status, 400)
      const list = await admin('GET', '/products?search=derby')
      assert.equal(list.body.data.products[0].image._id, second._id)
      assert.equal((await admin('DELETE', `/products/${productId}/images/${image._id}`)).status, 200)
      assert.ok(!existsSync(path.join(shop.config.mediaDir, `${image.path}-300.webp`)))
    })

    test('uploads above 8 MB are refused with 413', async () => {
      const big = Buffer.alloc(9 * 1024 * 1024, 1)
      const res = await upload(`/products/${shop.catalogue.derby.id}/images`, multipart({ name: 'big.png', type: 'image/png', data: big }))
      assert.equal(res.statusCode, 413)
      assert.equal(res.json().code, 'PAYLOAD_TOO_LARGE')
    })

    test('products: create with generated slug and SKUs, list with stock totals, replace variants, delete or hide', async () => {
      const categoryId = shop.catalogue.categories.sneakers.id
      const body = {
        nameAr: 'حذاء تجريبي',
        nameFr: 'Basket Été',
        descriptionAr: '',
        descriptionFr: 'Légère',
        price: 5000,
        compareAtPrice: 6000,
        categoryId,
        isActive: true,
        variants: [
          { size: '40', color: 'black', stock: 3 },
          { size: '41', color: 'black', stock: 4, sku: 'MY-SKU-41' },
        ],
        soldCount: 999,
      }
      const created = await admin('POST', '/products', body)
      assert.equal(created.status, 201, JSON.stringify(created.body))
      const p = created.body.data.product
      assert.equal(p.slug, 'basket-ete')
      assert.equal(p.soldCount, 0, 'unknown fields are ignored')
      assert.deepEqual(p.variants.map((v: { sku: string }) => v.sku), ['BASKET-ETE-40-BLACK', 'MY-SKU-41'])
      const again = await admin('POST', '/products', { ...body, variants: [], isActive: false })
      assert.equal(again.body.data.product.slug, 'basket-ete-2')
      assert.equal((await admin('POST', '/products', { ...body, compareAtPrice: 4000 })).status, 400)
      assert.equal((await admin('POST', '/products', { ...body, nameAr: '', nameFr: '' })).status, 400)
      assert.equal((await admin('POST', '/products', { ...body, variants: [body.variants[0], body.variants[0]] })).status, 400)

      const list = await admin('GET', `/products?category=${shop.catalogue.categories.shoes.id}&search=basket ete`)
      const row = list.body.data.products.find((x: { _id: string }) => x._id === p._id)
      assert.equal(row.stockTotal, 7)
      assert.equal(row.variantCount, 2)
      assert.equal(row.image, null)

      // an order on size 40: replacing the set keeps that variant (stock 0) and deletes the unused one
      const [v40, v41] = p.variants
      await insertOrder(shop.database.db, [{ variantId: v40._id, quantity: 1 }])
      const replaced = await admin('PUT', `/products/${p._id}/variants`, [{ size: '42', color: 'white', stock: 5 }])
      assert.equal(replaced.status, 200, JSON.stringify(replaced.body))
      const after = replaced.body.data.product.variants
      assert.deepEqual(after.map((v: { size: string; stock: number }) => [v.size, v.stock]), [['40', 0], ['42', 5]])
      assert.ok(after.find((v: { _id: string }) => v._id === v40._id).hasOrders)
      assert.equal((await shop.database.db.select().from(variants).where(eq(variants.id, v41._id))).length, 0)
      const edited = await admin('PUT', `/products/${p._id}/variants`, { variants: [{ _id: v40._id, size: '40', color: 'black', stock: 9 }] })
      assert.equal(edited.body.data.product.variants.find((v: { _id: string }) => v._id === v40._id).stock, 9)
      assert.equal((await admin('PUT', `/products/${p._id}/variants`, [{ size: '40', color: 'black', stock: -2 }])).status, 400)

      const patched = await admin('PATCH', `/products/${p._id}`, { price: 5500, isActive: false })
      assert.equal(patched.body.data.product.price, 5500)
      assert.equal(patched.body.data.product.isActive, false)
      assert.equal((await admin('PATCH', `/products/${p._id}`, { price: 7000 })).status, 400, 'compare-at price must stay above price')

      const hidden = await admin('DELETE', `/products/${p._id}`)
      assert.deepEqual(hidden.body.data, { deleted: false, deactivated: true })
      const removed = await admin('DELETE', `/products/${again.body.data.product._id}`)
      assert.deepEqual(removed.body.data, { deleted: true, deactivated: false })
      assert.equal((await shop.database.db.select().from(products).where(eq(products.id, again.body.data.product._id))).length, 0)
      assert.equal((await admin('GET', `/products/${again.body.data.product._id}`)).status, 404)
    })

    test('categories: create, refuse a loop, 409 CATEGORY_IN_USE with products or children, delete an empty one', async () => {
      const { shoes, sneakers } = shop.catalogue.categories
      const list = await admin('GET', '/categories')
      assert.ok(list.body.data.categories.find((c: { _id: string; childCount: number }) => c._id === shoes.id && c.childCount === 1))
      assert.equal((await admin('PATCH', `/categories/${shoes.id}`, { parentId: sneakers.id })).status, 400)
      assert.equal((await admin('DELETE', `/categories/${shoes.id}`)).body.code, 'CATEGORY_IN_USE')
      assert.equal((await admin('DELETE', `/categories/${sneakers.id}`)).status, 409)
      const created = await admin('POST', '/categories', { nameAr: 'حقائب', nameFr: 'Sacs', parentId: shoes.id })
      assert.equal(created.status, 201)
      assert.equal(created.body.data.category.slug, 'sacs')
      assert.equal((await admin('DELETE', `/categories/${created.body.data.category._id}`)).status, 200)
    })

    test('coupons: code upper-cased and checked, duplicates 409, used coupons are deactivated instead of deleted', async () => {
      const created = await admin('POST', '/coupons', { code: 'summer26', type: 'percentage', value: 15, minOrder: 3000, maxUses: 100, perCustomerLimit: 1, isActive: true })
      assert.equal(created.status, 201)
      assert.equal(created.body.data.coupon.code, 'SUMMER26')
      assert.equal(created.body.data.coupon.usedCount, 0)
      assert.equal((await admin('POST', '/coupons', { code: 'SUMMER26', type: 'fixed', value: 100 })).status, 409)
      assert.equal((await admin('POST', '/coupons', { code: 'a-b', type: 'fixed', value: 100 })).status, 400)
      assert.equal((await admin('POST', '/coupons', { code: 'BIGPCT', type: 'percentage', value: 150 })).status, 400)
      const patched = await admin('PATCH', `/coupons/${created.body.data.coupon._id}`, { value: 20 })
      assert.equal(patched.body.data.coupon.value, 20)
      const list = await admin('GET', '/coupons?search=summ')
      assert.equal(list.body.data.total, 1)
      await insertOrder(shop.database.db, [{ variantId: shop.catalogue.scarf.variants[0]!.id, quantity: 1 }], { couponCode: 'TEN' })
      const [ten] = await shop.database.db.select().from(coupons).where(eq(coupons.code, 'TEN'))
      assert.deepEqual((await admin('DELETE', `/coupons/${ten!.id}`)).body.data, { deleted: false, deactivated: true })
      assert.deepEqual((await admin('DELETE', `/coupons/${created.body.data.coupon._id}`)).body.data, { deleted: true, deactivated: false })
    })

    test('delivery prices: the table in the shop division, one wilaya updated, defaults changed', async () => {
      const table = await admin('GET', '/delivery-prices')
      assert.equal(table.body.data.wilayas.length, 58)
      assert.deepEqual(table.body.data.defaults, { home: 500, stopdesk: 400, return: 200 })
      const put = await admin('PUT', '/delivery-prices/16', { domicil: 350, stopdesk: null, returnPrice: 150 })
      assert.equal(put.status, 200)
      const rows = await shop.database.db.select().from(deliveryPrices).where(eq(deliveryPrices.wilayaCode, 16))
      assert.deepEqual(rows.map((r) => [r.type, r.price, r.returnPrice]).sort(), [['domicil', 350, 150], ['stopdesk', null, 150]])
      const again = await admin('GET', '/delivery-prices')
      assert.deepEqual(again.body.data.wilayas.find((w: { code: number }) => w.code === 16), {
        code: 16, name: 'الجزائر', nameAr: 'الجزائر', nameFr: 'Alger', domicil: 350, stopdesk: null, returnPrice: 150, hasRow: true,
      })
      assert.equal((await admin('PUT', '/delivery-prices/defaults', { home: 600, stopdesk: 450, return: 250 })).status, 200)
      assert.deepEqual((await admin('GET', '/delivery-prices')).body.data.defaults, { home: 600, stopdesk: 450, return: 250 })
      assert.equal((await admin('PUT', '/delivery-prices/98', { domicil: 1, stopdesk: 1, returnPrice: 1 })).status, 404)
      assert.equal((await admin('PUT', '/delivery-prices/16', { domicil: -1, stopdesk: 1, returnPrice: 1 })).status, 400)
    })

    test('banners: multipart create cropped to 16:9 WebP 960/1920, patch, delete', async () => {
      const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#336699' } }).jpeg().toBuffer()
      const res = await upload('/banners', multipart({ name: 'b.jpg', type: 'image/jpeg', data: jpeg }, { titleFr: 'Soldes', titleAr: 'تخفيضات', link: '/category/shoes', position: '2', isActive: 'true' }))
      assert.equal(res.statusCode, 201, res.body)
      const banner = res.json().data.banner
      assert.equal(banner.titleFr, 'Soldes')
      assert.equal(banner.position, 2)
      assert.equal(banner.clickCount, 0)
      const dir = path.join(shop.config.mediaDir, 'banners')
      const files = readdirSync(dir).filter((f) => banner.image.src.includes(f.replace(/-\d+\.webp$/, '')))
      assert.equal(files.length, 2)
      const big = await sharp(path.join(dir, files.find((f) => f.endsWith('-1920.webp'))!)).metadata()
      assert.deepEqual([big.width, big.height], [1920, 1080])
      const badLink = await upload('/banners', multipart({ name: 'b.jpg', type: 'image/jpeg', data: jpeg }, { link: 'javascript:alert(1)' }))
      assert.equal(badLink.statusCode, 400)
      const patched = await admin('PATCH', `/banners/${banner._id}`, { isActive: false, startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' })
      assert.equal(patched.status, 400)
      assert.equal((await admin('PATCH', `/banners/${banner._id}`, { isActive: false })).body.data.banner.isActive, false)
      assert.equal((await admin('GET', '/banners')).body.data.total, 1)
      assert.equal((await admin('DELETE', `/banners/${banner._id}`)).status, 200)
    })

    test('pixels, settings and logo (owner only)', async () => {
      const owner = shop.ownerCookie
      const pixel = await admin('POST', '/pixels', { platform: 'facebook', pixelId: '123456789012345' }, owner)
      assert.equal(pixel.status, 201)
      assert.equal((await admin('POST', '/pixels', { platform: 'facebook', pixelId: '123456789012345' }, owner)).status, 409)
      assert.equal((await admin('POST', '/pixels', { platform: 'facebook', pixelId: '<script>' }, owner)).status, 400)
      const settings = await admin('PATCH', '/settings', { nameFr: 'Khatwa', phone: '0555 12 34 56', bankDetails: 'RIB 123', wilayaDivision: 69, defaultHomeFee: 550 }, owner)
      assert.equal(settings.status, 200)
      assert.equal(settings.body.data.settings.wilayaDivision, 69)
      assert.equal((await admin('GET', '/delivery-prices')).body.data.wilayas.length, 69)
      assert.equal((await admin('PATCH', '/settings', { wilayaDivision: 60 }, owner)).status, 400)
      await admin('PATCH', '/settings', { wilayaDivision: 58 }, owner)
      const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#000' } }).png().toBuffer()
      const logo = await upload('/settings/logo', multipart({ name: 'logo.png', type: 'image/png', data: png }), owner)
      assert.equal(logo.statusCode, 200, logo.body)
      const url = logo.json().data.settings.logo
      assert.match(url, /^\/media\/logo-[0-9a-f]+\.webp$/)
      const meta = await sharp(path.join(shop.config.mediaDir, url.replace('/media/', ''))).metadata()
      assert.deepEqual([meta.width, meta.height], [512, 256])
      assert.equal((await shop.http('GET', '/api/v1/settings')).body.data.settings.logo, url)
    })

    test('staff accounts: create, duplicate e-mail 409, the last active owner cannot be demoted or disabled (422 LAST_OWNER)', async () => {
      const owner = shop.ownerCookie
      const created = await admin('POST', '/staff', { email: 'nadia@test.dz', name: 'Nadia', password: 'long-enough-pass', role: 'manager' }, owner)
      assert.equal(created.status, 201)
      assert.equal(created.body.data.staff.passwordHash, undefined)
      assert.equal((await admin('POST', '/staff', { email: 'NADIA@test.dz', name: 'N', password: 'long-enough-pass', role: 'manager' }, owner)).status, 409)
      const list = await admin('GET', '/staff', undefined, owner)
      const me = list.body.data.staff.find((s: { email: string }) => s.email === 'owner@test.dz')
      const demote = await admin('PATCH', `/staff/${me._id}`, { role: 'manager' }, owner)
      assert.equal(demote.status, 422)
      assert.equal(demote.body.code, 'LAST_OWNER')
      assert.equal((await admin('PATCH', `/staff/${me._id}`, { isActive: false }, owner)).body.code, 'LAST_OWNER')
      // with a second owner, the first can step down
      await admin('PATCH', `/staff/${created.body.data.staff._id}`, { role: 'owner' }, owner)
      const disabled = await admin('PATCH', `/staff/${created.body.data.staff._id}`, { isActive: false }, owner)
      assert.equal(disabled.body.data.staff.isActive, false)
      const login = await shop.http('POST', '/api/v1/admin/auth/login', { body: { email: 'nadia@test.dz', password: 'long-enough-pass' } })
      assert.equal(login.status, 401)
    })

    test('newsletter list and CSV export, contact messages marked handled', async () => {
      const { newsletterSubscriptions, contactMessages } = await import('../../db/schema.ts')
      await shop.database.db.insert(newsletterSubscriptions).values([{ email: 'a@test.dz' }, { email: '=cmd@test.dz', locale: 'fr' }])
      const [msg] = await shop.database.db.insert(contactMessages).values({ name: 'Ali', email: 'ali@test.dz', subject: 'Taille', message: 'Bonjour' }).returning()
      const list = await admin('GET', '/newsletter?limit=1')
      assert.equal(list.body.data.total, 2)
      assert.equal(list.body.data.totalPages, 2)
      const csv = await shop.app.inject({ url: '/api/v1/admin/newsletter/export.csv', headers: { cookie: shop.staffCookie } })
      assert.equal(csv.body.charCodeAt(0), 0xfeff)
      assert.ok(csv.body.includes(`"'=cmd@test.dz"`))
      const open = await admin('GET', '/contact-messages?handled=false')
      assert.equal(open.body.data.total, 1)
      const handled = await admin('PATCH', `/contact-messages/${msg!.id}`, { handled: true })
      assert.equal(handled.body.data.message.handled, true)
      assert.equal((await admin('GET', '/contact-messages?handled=false')).body.data.total, 0)
    })
  })
}
