import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import sharp from 'sharp'
import { randomPhone } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { type AdminShop, startAdminShop } from '../../test/admin-fixture.ts'

/** A multipart body with one picture in the "file" field, as the back office's FormData sends it. */
async function photo(background: string) {
  const data = await sharp({ create: { width: 400, height: 400, channels: 3, background } }).png().toBuffer()
  const boundary = `----shopboundary${Date.now()}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

for (const target of TEST_TARGETS) {
  describe(`product photos by colour on ${target}`, () => {
    let shop: AdminShop
    before(async () => {
      shop = await startAdminShop(target)
    })
    after(async () => shop.close())

    const upload = async (productId: string, background: string) => {
      const form = await photo(background)
      const res = await shop.app.inject({
        method: 'POST',
        url: `/api/v1/admin/products/${productId}/images`,
        payload: form.payload,
        headers: { ...form.headers, cookie: shop.staffCookie },
      })
      assert.equal(res.statusCode, 201, res.body)
      return res.json().data.image as { _id: string; src: string; color: string | null }
    }
    const setColor = (productId: string, imageId: string, color: unknown, cookie: string | undefined = shop.staffCookie) =>
      shop.http('PATCH', `/api/v1/admin/products/${productId}/images/${imageId}`, { cookie, body: { color } })

    test('staff assign a photo to one of the product colours; the product page reply gives each photo its colour', async () => {
      const runner = shop.catalogue.runner // colours black and white
      const general = await upload(runner.id, '#888888')
      const white = await upload(runner.id, '#ffffff')
      assert.equal(white.color, null, 'a new photo belongs to no colour')

      const assigned = await setColor(runner.id, white._id, 'WHITE')
      assert.equal(assigned.status, 200, JSON.stringify(assigned.body))
      assert.equal(assigned.body.data.image.color, 'white', 'stored with the variant colour as written on the variants')

      const detail = await shop.http('GET', '/api/v1/product/runner')
      const images = detail.body.data.product.images as { src: string; color: string | null }[]
      assert.deepEqual(
        images.map((image) => image.color),
        [null, 'white'],
      )
      assert.equal(images[1]?.src, white.src)

      const admin = await shop.http('GET', `/api/v1/admin/products/${runner.id}`, { cookie: shop.staffCookie })
      assert.equal(admin.body.data.product.images.find((i: { _id: string }) => i._id === white._id).color, 'white')

      const untied = await setColor(runner.id, white._id, null)
      assert.equal(untied.body.data.image.color, null)
      assert.equal((await setColor(runner.id, general._id, 'black')).body.data.image.color, 'black')
    })

    test('a colour the product does not have, another product, no session or a bad body are refused', async () => {
      const runner = shop.catalogue.runner
      const image = await upload(runner.id, '#222222')
      const foreign = await setColor(runner.id, image._id, 'purple')
      assert.equal(foreign.status, 400)
      assert.equal(foreign.body.code, 'VALIDATION_FAILED')
      assert.equal((await setColor(shop.catalogue.derby.id, image._id, 'brown')).status, 404, "another product's photo")
      assert.equal((await setColor(runner.id, '6f1c1e9a-0000-4000-8000-000000000000', 'black')).status, 404)
      assert.equal((await setColor(runner.id, image._id, 42)).status, 400)
      assert.equal((await setColor(runner.id, image._id, 'black', '')).status, 401)
      const clientCall = await shop.http('PATCH', `/api/v1/admin/products/${runner.id}/images/${image._id}`, {
        headers: { authorization: `Bearer ${shop.clientToken}` },
        body: { color: 'black' },
      })
      assert.ok([401, 403].includes(clientCall.status), `a shopper is refused (${clientCall.status})`)
      const detail = await shop.http('GET', '/api/v1/product/runner')
      const stored = (detail.body.data.product.images as { src: string; color: string | null }[]).find((i) => i.src === image.src)
      assert.equal(stored?.color, null, 'nothing changed after the refusals')
    })

    test("a cart line and an order line show the photo of the line's own colour, not the product's first", async () => {
      const runner = shop.catalogue.runner
      // every photo so far belongs to white; the black one comes last
      const admin = await shop.http('GET', `/api/v1/admin/products/${runner.id}`, { cookie: shop.staffCookie })
      for (const image of admin.body.data.product.images as { _id: string }[]) {
        assert.equal((await setColor(runner.id, image._id, 'white')).status, 200)
      }
      const black = await upload(runner.id, '#101010')
      assert.equal((await setColor(runner.id, black._id, 'black')).status, 200)
      const base = (src: string) => src.replace(/-\d+\.webp$/, '')

      const sessionId = (await shop.guestSession()) as string
      const added = await shop.http('POST', '/api/v1/cart/guest/add', {
        headers: { 'x-session-id': sessionId },
        body: { productId: runner.id, quantity: 1, size: '41', color: 'black' },
      })
      assert.equal(added.status, 200, JSON.stringify(added.body))
      const line = added.body.data.cart.items[0] as { product: { image: { src: string } | string | null } }
      const cartImage = typeof line.product.image === 'string' ? line.product.image : line.product.image?.src
      assert.equal(base(cartImage ?? ''), base(black.src), 'the cart line shows the black photo')

      const [commune] = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities as { _id: number }[]
      const placed = await shop.http('POST', '/api/v1/order/guest', {
        body: {
          orderItems: [{ productId: runner.id, quantity: 1, size: '41', color: 'black' }],
          customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone() },
          shippingAddress: { wilayaId: '16', communeId: commune?._id, type: 'domicil', address: '12 rue Didouche Mourad' },
          paymentMethod: 'cash_on_delivery',
        },
      })
      assert.equal(placed.status, 201, JSON.stringify(placed.body))
      const item = placed.body.data.order.orderItems[0] as { product: { image: { src: string } | string | null } }
      const orderImage = typeof item.product.image === 'string' ? item.product.image : item.product.image?.src
      assert.equal(base(orderImage ?? ''), base(black.src), 'the order line keeps the black photo')
    })
  })
}
