import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { auditLog, couponRedemptions, coupons, deliveryPrices, orderItems, orders, orderStatusHistory, products, shopSettings, staff, variants } from '../../db/schema.ts'
import { checkInvariants, stockSnapshot } from '../../reliability/invariants.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { foldSoldCounts } from '../catalogue/sold-counts.ts'

for (const target of TEST_TARGETS) {
  describe(`editing orders, manual orders and bulk actions on ${target}`, () => {
    let shop: AdminShop
    let initialStock: Map<string, number>
    const db = () => shop.database.db
    const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = shop.staffCookie) =>
      shop.http(method, `/api/v1/admin${url}`, { cookie, body })
    const stockOf = async (id: string) => (await db().select().from(variants).where(eq(variants.id, id)))[0]?.stock
    const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]
    const linesOf = (id: string) => db().select().from(orderItems).where(eq(orderItems.orderId, id))
    const historyOf = (id: string) => db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))
    /** The delivery fee checkout charges for a wilaya and type: its row of the price table, else the shop's default. */
    const feeOf = async (wilaya: number, type: 'domicil' | 'stopdesk') => {
      const [row] = await db().select().from(deliveryPrices).where(and(eq(deliveryPrices.wilayaCode, wilaya), eq(deliveryPrices.type, type)))
      if (row) return row.price ?? 0
      const [settings] = await db().select().from(shopSettings)
      return type === 'domicil' ? settings!.defaultHomeFee : settings!.defaultStopdeskFee
    }
    const communeOf = async (wilaya: number) => {
      const res = await shop.http('GET', `/api/v1/location/states/${wilaya}/cities`)
      return res.body.data.cities[0]._id as number
    }
    /** The edit body that keeps the order as it is, lines given as [variant, quantity]. */
    const editBody = async (orderId: string, lines: { productId: string; size: string; color: string; quantity: number }[], extra: Record<string, unknown> = {}) => {
      const o = (await orderOf(orderId))!
      return {
        version: o.version,
        lines,
        customer: { firstName: o.firstName, lastName: o.lastName, phone: o.phone },
        wilayaCode: o.wilayaCode,
        communeId: o.communeId,
        deliveryType: o.deliveryType,
        address: o.address,
        ...extra,
      }
    }

    /** The stock and coupon invariants (the test orders are inserted without the history checkout writes). */
    const invariantsHold = async () => {
      const broken = (await checkInvariants(db(), { initialStock })).filter((r) => !r.ok && !r.name.startsWith('I-ORDER status history'))
      assert.deepEqual(broken, [])
    }

    before(async () => {
      shop = await startAdminShop(target)
      initialStock = await stockSnapshot(db())
    })
    after(async () => shop.close())

    test('an edit changing the size and the quantity moves exactly that stock: the old size back, the new size down, nothing else', async () => {
      const { runner, scarf } = shop.catalogue
      const [r41, r42, r43] = runner.variants
      const order = await insertOrder(db(), [
        { variantId: r41!.id, quantity: 1 },
        { variantId: scarf.variants[0]!.id, quantity: 1 },
      ])
      // prices went up since the order: the unchanged scarf keeps the customer's price, the runner in another size is priced today
      await db().update(products).set({ price: 5200 }).where(eq(products.id, runner.id))
      await db().update(products).set({ price: 1700 }).where(eq(products.id, scarf.id))
      const stockBefore = await stockSnapshot(db())
      await foldSoldCounts(db())
      const soldBefore = (await db().select().from(products).where(eq(products.id, runner.id)))[0]!.soldCount

      const body = await editBody(order.id, [
        { productId: runner.id, size: '42', color: 'black', quantity: 2 },
        { productId: scarf.id, size: 'M', color: 'red', quantity: 1 },
      ])
      const res = await admin('PUT', `/orders/${order.id}`, body)
      assert.equal(res.status, 200, JSON.stringify(res.body))
      const fee = await feeOf(16, 'domicil')
      assert.equal(res.body.data.quote.subtotal, 5200 * 2 + 1500)
      assert.equal(res.body.data.quote.deliveryFee, fee)
      assert.equal(res.body.data.quote.totalAmount, 5200 * 2 + 1500 + fee)
      const runnerLine = res.body.data.quote.lines.find((l: { productId: string }) => l.productId === runner.id)
      assert.deepEqual([runnerLine.size, runnerLine.quantity, runnerLine.unitPrice, runnerLine.priceKept], ['42', 2, 5200, false])
      const scarfLine = res.body.data.quote.lines.find((l: { productId: string }) => l.productId === scarf.id)
      assert.deepEqual([scarfLine.unitPrice, scarfLine.priceKept], [1500, true])

      // stock: 41 gets its unit back, 42 loses two, every other variant as it was
      const stockAfter = await stockSnapshot(db())
      for (const [id, before] of stockBefore) {
        const expected = id === r41!.id ? before + 1 : id === r42!.id ? before - 2 : before
        assert.equal(stockAfter.get(id), expected, id === r43!.id ? '43' : id)
      }
      await foldSoldCounts(db())
      const soldAfter = (await db().select().from(products).where(eq(products.id, runner.id)))[0]!.soldCount
      assert.equal(soldAfter, soldBefore + 1)

      const saved = (await orderOf(order.id))!
      assert.equal(saved.version, 2)
      assert.equal(saved.total, 5200 * 2 + 1500 + fee)
      const lines = await linesOf(order.id)
      assert.deepEqual(lines.map((l) => `${l.sku} x${l.quantity} @${l.unitPrice}`).sort(), ['RUNNER-42-BLACK x2 @5200', 'SCARF-M-RED x1 @1500'])

      // the history keeps the before and after; the page shows it
      const [edit] = (await historyOf(order.id)).filter((h) => h.kind === 'edit')
      const details = edit!.details as { before: { lines: { size: string; quantity: number }[]; total: number }; after: { lines: { size: string }[]; total: number } }
      assert.deepEqual(details.before.lines.map((l) => l.size).sort(), ['41', 'M'])
      assert.deepEqual(details.after.lines.map((l) => l.size).sort(), ['42', 'M'])
      assert.equal(details.before.total, order.total)
      assert.equal(details.after.total, saved.total)
      assert.equal(res.body.data.page.history.at(-1).kind, 'edit')
      assert.equal(res.body.data.page.history.at(-1).staffName, 'Samir')
      // the money changed: the audit log says so
      const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, order.id))
      assert.equal(audits.length, 1)
      assert.equal(audits[0]!.kind, 'price')
      assert.equal((audits[0]!.after as { total: number }).total, saved.total)

      await db().update(products).set({ price: 4900 }).where(eq(products.id, runner.id))
      await db().update(products).set({ price: 1500 }).where(eq(products.id, scarf.id))
      await invariantsHold()
    })

    test('an edit refused for stock leaves the order, its lines, the stock and the history as they were', async () => {
      const { runner } = shop.catalogue
      const order = await insertOrder(db(), [{ variantId: runner.variants[0]!.id, quantity: 1 }])
      const stockBefore = await stockSnapshot(db())
      const left = (await stockOf(runner.variants[1]!.id))!
      const body = await editBody(order.id, [{ productId: runner.id, size: '42', color: 'black', quantity: left + 1 }])
      const res = await admin('PUT', `/orders/${order.id}`, body)
      assert.equal(res.status, 422)
      assert.equal(res.body.code, 'QUANTITY_ABOVE_STOCK')
      assert.deepEqual(await stockSnapshot(db()), stockBefore)
      assert.deepEqual(await orderOf(order.id), order)
      assert.deepEqual((await linesOf(order.id)).map((l) => [l.variantId, l.quantity]), [[runner.variants[0]!.id, 1]])
      assert.deepEqual(await historyOf(order.id), [])
      // a sold-out size: refused by name
      const soldOut = await admin('PUT', `/orders/${order.id}`, await editBody(order.id, [{ productId: runner.id, size: '43', color: 'white', quantity: 1 }]))
      assert.equal(soldOut.body.code, 'OUT_OF_STOCK')
      assert.deepEqual(await stockSnapshot(db()), stockBefore)
      await invariantsHold()
    })

    test('a preview answers the new totals and writes nothing; a stale version is a conflict; a shipped order is not editable', async () => {
      const { derby, scarf } = shop.catalogue
      const order = await insertOrder(db(), [{ variantId: derby.variants[0]!.id, quantity: 1 }])
      const stockBefore = await stockSnapshot(db())
      const oran = await communeOf(31)
      const body = await editBody(
        order.id,
        [
          { productId: derby.id, size: '42', color: 'brown', quantity: 1 },
          { productId: scarf.id, size: 'M', color: 'red', quantity: 2 },
        ],
        { wilayaCode: 31, communeId: oran, deliveryType: 'stopdesk', address: null, preview: true },
      )
      const preview = await admin('PUT', `/orders/${order.id}`, body)
      assert.equal(preview.status, 200, JSON.stringify(preview.body))
      const fee = await feeOf(31, 'stopdesk')
      assert.equal(preview.body.data.quote.deliveryFee, fee)
      assert.equal(preview.body.data.quote.totalAmount, 8900 + 3000 + fee)
      assert.equal(preview.body.data.page, null)
      assert.deepEqual(await orderOf(order.id), order)
      assert.deepEqual(await stockSnapshot(db()), stockBefore)
      assert.deepEqual(await historyOf(order.id), [])

      const stale = await admin('PUT', `/orders/${order.id}`, { ...body, preview: false, version: order.version + 1 })
      assert.equal(stale.status, 409)
      assert.equal(stale.body.code, 'ORDER_CONFLICT')

      const saved = await admin('PUT', `/orders/${order.id}`, { ...body, preview: false }, shop.agentCookie)
      assert.equal(saved.status, 200, JSON.stringify(saved.body))
      assert.equal(saved.body.data.page.order.totalAmount, 8900 + 3000 + fee)
      assert.equal(saved.body.data.page.order.address.wilayaCode, 31)
      assert.equal(saved.body.data.page.order.deliveryType, 'stopdesk')

      const shipped = await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 1 }], { status: 'shipped' })
      const refused = await admin('PUT', `/orders/${shipped.id}`, await editBody(shipped.id, [{ productId: scarf.id, size: 'M', color: 'red', quantity: 2 }]))
      assert.equal(refused.status, 422)
      assert.equal(refused.body.code, 'ORDER_NOT_EDITABLE')
      // no line at all: the last line cannot be removed
      const empty = await admin('PUT', `/orders/${order.id}`, { ...body, preview: false, version: 2, lines: [] })
      assert.equal(empty.status, 400)
      await invariantsHold()
    })

    test('a coupon that no longer applies is dropped, its use given back, and the reply says why; one that applies is re-priced', async () => {
      const { derby, scarf } = shop.catalogue
      const used = async () => (await db().select().from(coupons).where(eq(coupons.code, 'FIVEHUNDRED')))[0]!.usedCount
      const order = await insertOrder(db(), [{ variantId: derby.variants[0]!.id, quantity: 1 }], { couponCode: 'FIVEHUNDRED' })
      const usedBefore = await used()
      // 8900 -> 3000: under the 6000 minimum
      const res = await admin('PUT', `/orders/${order.id}`, await editBody(order.id, [{ productId: scarf.id, size: 'M', color: 'red', quantity: 2 }]))
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.equal(res.body.data.quote.discount, 0)
      assert.equal(res.body.data.quote.couponCode, null)
      assert.equal(res.body.data.quote.couponDropped.code, 'FIVEHUNDRED')
      assert.match(res.body.data.quote.couponDropped.reason, /6/)
      assert.equal(await used(), usedBefore - 1)
      assert.deepEqual(await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id)), [])
      assert.equal((await orderOf(order.id))!.couponCode, null)

      const ten = await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 1 }], { couponCode: 'TEN' })
      const again = await admin('PUT', `/orders/${ten.id}`, await editBody(ten.id, [{ productId: scarf.id, size: 'M', color: 'red', quantity: 4 }]))
      assert.equal(again.status, 200, JSON.stringify(again.body))
      assert.equal(again.body.data.quote.discount, 600)
      assert.equal(again.body.data.quote.couponCode, 'TEN')
      const [redemption] = await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, ten.id))
      assert.equal(redemption!.discount, 600)
      assert.equal(redemption!.releasedAt, null)
      await invariantsHold()
    })

    test('a bulk confirm where one order fails and the others pass: each all or nothing, a result per order', async () => {
      const { scarf } = shop.catalogue
      const a = await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 1 }])
      const b = await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 1 }])
      const shipped = await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 1 }], { status: 'shipped' })
      const res = await admin('POST', '/orders/bulk', { action: 'confirm', ids: [a.id, shipped.id, b.id] }, shop.agentCookie)
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.equal(res.body.data.okCount, 2)
      assert.equal(res.body.data.failedCount, 1)
      const byId = new Map(res.body.data.results.map((r: { id: string }) => [r.id, r]))
      assert.deepEqual(byId.get(a.id), { id: a.id, trackingNumber: a.trackingNumber, ok: true, status: 'confirmed', error: null })
      const failed = byId.get(shipped.id) as { ok: boolean; status: string; error: { code: string; message: string } }
      assert.equal(failed.ok, false)
      assert.equal(failed.status, 'shipped')
      assert.equal(failed.error.code, 'STATUS_MOVE_NOT_ALLOWED')
      assert.ok(failed.error.message.length > 0)
      assert.equal((await orderOf(a.id))!.status, 'confirmed')
      assert.equal((await orderOf(b.id))!.status, 'confirmed')
      assert.deepEqual(await orderOf(shipped.id), shipped)
      assert.equal((await historyOf(a.id)).filter((h) => h.toStatus === 'confirmed').length, 1)

      // roles per order: an agent cannot move to delivered; a manager can
      const asAgent = await admin('POST', '/orders/bulk', { action: 'status', status: 'delivered', ids: [shipped.id] }, shop.agentCookie)
      assert.equal(asAgent.body.data.results[0].error.code, 'FORBIDDEN')
      assert.equal((await orderOf(shipped.id))!.status, 'shipped')
      const asManager = await admin('POST', '/orders/bulk', { action: 'status', status: 'delivered', ids: [shipped.id] })
      assert.equal(asManager.body.data.results[0].ok, true)
      assert.equal((await orderOf(shipped.id))!.status, 'delivered')
      // the status action needs its status
      assert.equal((await admin('POST', '/orders/bulk', { action: 'status', ids: [a.id] })).status, 400)
      await invariantsHold()
    })

    test('a bulk assignment gives open orders to an agent (the queue hands them to that agent first), a closed one is refused, agents cannot assign', async () => {
      const { scarf } = shop.catalogue
      const [agent] = await db().select({ id: staff.id }).from(staff).where(eq(staff.email, 'agent@test.dz'))
      assert.ok(agent)
      // an older order nobody holds: without the assignment the queue would give it first
      const older = await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 1 }])
      await db().update(orders).set({ createdAt: new Date(Date.now() - 86_400_000) }).where(eq(orders.id, older.id))
      const a = await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 1 }])
      const delivered = await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 1 }], { status: 'delivered' })
      const refused = await admin('POST', '/orders/bulk', { action: 'assign', staffId: agent.id, ids: [a.id] }, shop.agentCookie)
      assert.equal(refused.status, 403)
      assert.equal((await orderOf(a.id))!.assignedStaffId, null)

      const res = await admin('POST', '/orders/bulk', { action: 'assign', staffId: agent.id, ids: [a.id, delivered.id] })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.equal(res.body.data.okCount, 1)
      assert.equal(res.body.data.results.find((r: { id: string }) => r.id === delivered.id).ok, false)
      const assigned = (await orderOf(a.id))!
      assert.equal(assigned.assignedStaffId, agent.id)
      assert.equal(assigned.assignedUntil, null, 'a standing assignment, not a lease')
      assert.equal(assigned.version, a.version + 1)
      assert.equal((await orderOf(delivered.id))!.assignedStaffId, null)
      const entry = (await historyOf(a.id)).find((h) => h.kind === 'assignment')
      assert.ok(entry, 'the assignment is in the order’s history')
      assert.equal((entry.details as { staffId?: string }).staffId, agent.id)

      // the agent's own order comes before the older one nobody holds
      const next = await admin('POST', '/call-queue/next', {}, shop.agentCookie)
      assert.equal(next.status, 200, JSON.stringify(next.body))
      assert.equal(next.body.data.current.order._id, a.id)

      // taken back: the order returns to the shared queue
      const back = await admin('POST', '/orders/bulk', { action: 'assign', staffId: null, ids: [a.id] })
      assert.equal(back.body.data.okCount, 1)
      assert.equal((await orderOf(a.id))!.assignedStaffId, null)
      // an unknown member of staff is a bad request, nothing written
      const unknown = await admin('POST', '/orders/bulk', { action: 'assign', staffId: '00000000-0000-4000-8000-000000000000', ids: [older.id] })
      assert.equal(unknown.status, 400)
      assert.equal((await orderOf(older.id))!.assignedStaffId, null)
      await invariantsHold()
    })

    test('a manual order taken on WhatsApp: checked, priced and stocked as checkout, with its source and the staff member in its history', async () => {
      const { runner } = shop.catalogue
      const algiers = await communeOf(16)
      const r41 = runner.variants[0]!.id
      const stockBefore = (await stockOf(r41))!
      const res = await admin(
        'POST',
        '/orders',
        {
          source: 'whatsapp',
          status: 'confirmed',
          order: {
            items: [{ productId: runner.id, size: '41', color: 'black', quantity: 2 }],
            customerInfo: { firstName: 'Nadia', lastName: 'Saadi', phone: '0770 12 34 56' },
            shippingAddress: { wilayaId: 16, communeId: algiers, type: 'domicil', address: '5 rue Larbi Ben Mhidi' },
          },
        },
        shop.agentCookie,
      )
      assert.equal(res.status, 201, JSON.stringify(res.body))
      const page = res.body.data
      assert.equal(page.order.source, 'whatsapp')
      assert.equal(page.order.status, 'confirmed')
      assert.equal(page.order.phone, '0770123456')
      assert.equal(page.order.totalAmount, 4900 * 2 + (await feeOf(16, 'domicil')))
      assert.deepEqual(page.history.map((h: { toStatus: string; staffName: string }) => [h.toStatus, h.staffName]), [['pending', 'Yasmine'], ['confirmed', 'Yasmine']])
      assert.equal(await stockOf(r41), stockBefore - 2)
      const listed = await admin('GET', '/orders?source=whatsapp')
      assert.deepEqual(listed.body.data.orders.map((o: { _id: string; source: string }) => [o._id, o.source]), [[page.order._id, 'whatsapp']])
      // the same refusals as checkout: out of stock, nothing written
      const count = (await db().select().from(orders)).length
      const refused = await admin('POST', '/orders', {
        source: 'phone',
        status: 'pending',
        order: {
          items: [{ productId: runner.id, size: '43', color: 'white', quantity: 1 }],
          customerInfo: { firstName: 'Nadia', lastName: 'Saadi', phone: '0770123456' },
          shippingAddress: { wilayaId: 16, communeId: algiers, type: 'domicil', address: '5 rue Larbi Ben Mhidi' },
        },
      })
      assert.equal(refused.status, 422)
      assert.equal(refused.body.code, 'OUT_OF_STOCK')
      assert.equal((await db().select().from(orders)).length, count)
      const badSource = await admin('POST', '/orders', { source: 'storefront', status: 'pending', order: {} })
      assert.equal(badSource.status, 400)
      await invariantsHold()
    })

    test('the courier CSV of the ticked orders only', async () => {
      const { scarf } = shop.catalogue
      const a = await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 1 }], { status: 'confirmed' })
      await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 1 }], { status: 'confirmed' })
      const res = await shop.app.inject({ method: 'GET', url: `/api/v1/admin/orders/export.csv?ids=${a.id}`, headers: { cookie: shop.staffCookie } })
      assert.equal(res.statusCode, 200)
      const rows = res.body.trim().split('\n')
      assert.equal(rows.length, 2)
      assert.ok(rows[1]!.includes(a.trackingNumber))
    })

    test('the ticked orders the courier CSV leaves out are named with their reason, in the order ticked', async () => {
      const { scarf } = shop.catalogue
      const line = [{ variantId: scarf.variants[0]!.id, quantity: 1 }]
      const ready = await insertOrder(db(), line, { status: 'processing' })
      const pending = await insertOrder(db(), line)
      const held = await insertOrder(db(), line, { status: 'confirmed' })
      await db().update(orders).set({ onHold: true }).where(eq(orders.id, held.id))
      const listed = await insertOrder(db(), line, { status: 'confirmed' })
      await admin('POST', '/blacklist', { phone: listed.phone, reason: 'Fake orders' })
      const ids = [pending.id, ready.id, held.id, listed.id]
      const res = await admin('GET', `/orders/export-check?ids=${ids.join(',')}`)
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.deepEqual(
        res.body.data.orders.map((o: { _id: string; included: boolean; reason: string | null; status: string }) => [o._id, o.status, o.included, o.reason]),
        [
          [pending.id, 'pending', true, null],
          [ready.id, 'processing', true, null],
          [held.id, 'confirmed', false, 'on_hold'],
          [listed.id, 'confirmed', false, 'blacklisted'],
        ],
      )
      // the CSV holds exactly the included ones (ticked orders go whatever their status)
      const csv = await shop.app.inject({ method: 'GET', url: `/api/v1/admin/orders/export.csv?ids=${ids.join(',')}`, headers: { cookie: shop.staffCookie } })
      const rows = csv.body.trim().split('\n').slice(1)
      const tracking = (id: string) => (res.body.data.orders as { _id: string; trackingNumber: string }[]).find((o) => o._id === id)!.trackingNumber
      const exported = ids.filter((id) => rows.some((row) => row.includes(tracking(id))))
      assert.deepEqual(exported, [pending.id, ready.id], rows.join('\n'))
      assert.equal((await admin('GET', `/orders/export-check?ids=${ready.id}`, undefined, shop.agentCookie)).status, 403, 'the export is for managers')
      await admin('DELETE', `/blacklist/${listed.phone}`)
    })
  })
}
