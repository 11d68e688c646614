import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { auditLog, courierAccounts, shipments } from '../../db/schema.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { type FakeCouriers, startFakeCouriers } from './fakes/fake-couriers.ts'
import { parseAmount, parseDay } from './ledger.service.ts'

type ShipmentInsert = typeof shipments.$inferInsert

test('statement amounts and days: French decimal commas, spaces, both date orders; bad ones refused', () => {
  assert.equal(parseAmount('2 600,00'), 2600)
  assert.equal(parseAmount('1.500,50'), 1501)
  assert.equal(parseAmount('4400'), 4400)
  assert.equal(parseAmount('12,5'), 13)
  assert.equal(parseAmount('abc'), null)
  assert.equal(parseAmount('-5'), null)
  assert.equal(parseDay('20/11/2026')?.toISOString(), '2026-11-19T23:00:00.000Z')
  assert.equal(parseDay('2026-11-20 14:00')?.toISOString(), '2026-11-19T23:00:00.000Z')
  assert.equal(parseDay('2026-02-31'), null)
  assert.equal(parseDay('20-11'), null)
})

for (const target of TEST_TARGETS) {
  describe(`courier money ledger on ${target}`, () => {
    let shop: AdminShop
    const ids = { a: '', b: '', c: '', d: '' }
    const as = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) => shop.http(method, `/api/v1/admin${url}`, { cookie, body })
    const owner = (method: 'GET' | 'POST', url: string, body?: unknown) => as(shop.ownerCookie, method, url, body)
    const account = async (name: string) => {
      const [row] = await shop.database.db.insert(courierAccounts).values({ name, engine: 'ecotrack', baseUrl: 'http://127.0.0.1:9', credentials: 'x', senderWilayaCode: 16 }).returning()
      assert.ok(row)
      return row.id
    }
    const parcel = async (accountId: string, values: Omit<ShipmentInsert, 'orderId' | 'accountId'>) => {
      const variant = shop.catalogue.scarf.variants[0]
      assert.ok(variant)
      const order = await insertOrder(shop.database.db, [{ variantId: variant.id, quantity: 1 }], { status: 'shipped', firstName: 'Nadia', lastName: 'B' })
      const [row] = await shop.database.db.insert(shipments).values({ orderId: order.id, accountId, ...values }).returning()
      assert.ok(row)
      return { ...row, orderNumber: order.trackingNumber }
    }
    const shipmentOf = async (id: string) => (await shop.database.db.select().from(shipments).where(eq(shipments.id, id)))[0]
    const figuresOf = async (query: string, accountId: string) => {
      const res = await owner('GET', `/couriers/ledger${query}`)
      assert.equal(res.status, 200, JSON.stringify(res.body))
      const row = res.body.data.accounts.find((a: { accountId: string }) => a.accountId === accountId)
      assert.ok(row, 'every account is listed')
      const { accountId: _id, name: _name, engine: _engine, ...figures } = row
      return figures
    }
    const at = (iso: string) => new Date(iso)
    let owedParcel: Awaited<ReturnType<typeof parcel>>
    let paidParcel: Awaited<ReturnType<typeof parcel>>

    before(async () => {
      shop = await startAdminShop(target)
      ids.a = await account('DHD')
      ids.b = await account('Noest')
      ids.c = await account('Empty courier')
      ids.d = await account('ZR statements')
      paidParcel = await parcel(ids.a, { tracking: 'A-1', status: 'delivered', codAmount: 5000, deliveryFee: 400, payoutStatus: 'paid', payoutId: 'PAY-1', paidOutAt: at('2026-11-08T10:00:00Z'), lastEventAt: at('2026-11-05T10:00:00Z') })
      // 23:30 UTC on the 10th is 00:30 on the 11th in Algiers
      owedParcel = await parcel(ids.a, { tracking: 'A-2', status: 'delivered', codAmount: 3000, deliveryFee: 400, payoutStatus: 'ready', lastEventAt: at('2026-11-10T23:30:00Z') })
      await parcel(ids.a, { tracking: 'A-3', status: 'delivered', codAmount: 2000, lastEventAt: at('2026-11-20T10:00:00Z') })
      await parcel(ids.a, { tracking: 'A-4', status: 'returned', codAmount: 4000, deliveryFee: 400, returnFee: 200, lastEventAt: at('2026-11-06T10:00:00Z') })
      await parcel(ids.a, { tracking: 'A-5', status: 'in_transit', codAmount: 6000, deliveryFee: 400, lastEventAt: at('2026-11-06T10:00:00Z') })
      await parcel(ids.a, { tracking: 'A-6', kind: 'exchange', status: 'delivered', codAmount: 1000, deliveryFee: 300, lastEventAt: at('2026-11-07T10:00:00Z') })
      await parcel(ids.b, { tracking: 'B-1', status: 'delivered', codAmount: 7000, deliveryFee: 500, lastEventAt: at('2026-11-08T10:00:00Z') })
      await parcel(ids.d, { tracking: 'D-1', status: 'delivered', codAmount: 3000, deliveryFee: 400, lastEventAt: at('2026-11-08T10:00:00Z') })
      await parcel(ids.d, { tracking: 'D-2', status: 'delivered', codAmount: 5000, deliveryFee: 500, lastEventAt: at('2026-11-08T10:00:00Z') })
      await parcel(ids.d, { tracking: 'D-3', status: 'delivered', codAmount: 2000, payoutStatus: 'paid', payoutId: 'OLD', paidOutAt: at('2026-11-09T10:00:00Z'), lastEventAt: at('2026-11-08T10:00:00Z') })
      await parcel(ids.d, { tracking: 'D-4', status: 'in_transit', codAmount: 1000, lastEventAt: at('2026-11-08T10:00:00Z') })
    })
    after(async () => shop.close())

    test('every figure per courier: delivered, collected, fees, net due, paid out, still owed, returned', async () => {
      assert.deepEqual(await figuresOf('', ids.a), {
        deliveredCount: 4, collected: 11_000, fees: 400 + 400 + 300 + 200, netDue: 11_000 - 1300, paidOut: 4600, stillOwed: 9700 - 4600, returnedCount: 1, returnFees: 200,
      })
      assert.deepEqual(await figuresOf('', ids.b), { deliveredCount: 1, collected: 7000, fees: 500, netDue: 6500, paidOut: 0, stillOwed: 6500, returnedCount: 0, returnFees: 0 })
      assert.deepEqual(await figuresOf('', ids.c), { deliveredCount: 0, collected: 0, fees: 0, netDue: 0, paidOut: 0, stillOwed: 0, returnedCount: 0, returnFees: 0 })
    })

    test("the period is in the shop's days (Africa/Algiers), both ends included", async () => {
      assert.deepEqual(await figuresOf('?from=2026-11-11&to=2026-11-20', ids.a), {
        deliveredCount: 2, collected: 5000, fees: 400, netDue: 4600, paidOut: 0, stillOwed: 4600, returnedCount: 0, returnFees: 0,
      })
      assert.deepEqual(await figuresOf('?to=2026-11-10', ids.a), {
        deliveredCount: 2, collected: 6000, fees: 400 + 300 + 200, netDue: 5100, paidOut: 4600, stillOwed: 500, returnedCount: 1, returnFees: 200,
      })
      assert.equal((await figuresOf('?from=2026-11-21', ids.a)).deliveredCount, 0)
      assert.equal((await owner('GET', '/couriers/ledger?from=11/2026')).status, 400)
    })

    test('the parcels behind each figure', async () => {
      const list = async (query: string) => {
        const res = await owner('GET', `/couriers/${ids.a}/ledger/parcels${query}`)
        assert.equal(res.status, 200, JSON.stringify(res.body))
        return res.body.data
      }
      const owed = await list('?status=owed')
      assert.deepEqual(owed.parcels.map((p: { tracking: string }) => p.tracking), ['A-3', 'A-2', 'A-6'])
      assert.equal(owed.total, 3)
      const second = owed.parcels[1]
      assert.equal(second._id, owedParcel.id)
      assert.equal(second.orderNumber, owedParcel.orderNumber)
      assert.equal(second.customer, 'Nadia B')
      assert.deepEqual([second.codAmount, second.deliveryFee, second.net, second.payoutStatus], [3000, 400, 2600, 'ready'])
      assert.equal(second.settledAt, '2026-11-10T23:30:00.000Z')
      const paid = await list('?status=paid')
      assert.deepEqual(paid.parcels.map((p: { tracking: string; payoutId: string; paidOutAt: string }) => [p.tracking, p.payoutId, p.paidOutAt]), [['A-1', 'PAY-1', '2026-11-08T10:00:00.000Z']])
      assert.equal(paid.parcels[0]._id, paidParcel.id)
      const returned = await list('?status=returned')
      assert.deepEqual(returned.parcels.map((p: { tracking: string; net: number }) => [p.tracking, p.net]), [['A-4', -200]])
      assert.deepEqual((await list('?status=owed&from=2026-11-11&to=2026-11-11')).parcels.map((p: { tracking: string }) => p.tracking), ['A-2'])
      const paged = await list('?status=owed&limit=2&page=2')
      assert.deepEqual([paged.parcels.length, paged.total, paged.pages], [1, 3, 2])
    })

    test('a malformed statement is refused with its line and writes nothing', async () => {
      const bad = await owner('POST', `/couriers/${ids.d}/statements`, { csv: 'D-1;2600;2026-11-20\nD-2;abc;2026-11-20' })
      assert.equal(bad.status, 400, JSON.stringify(bad.body))
      assert.match(JSON.stringify(bad.body), /(Line|Ligne|السطر) 2\b/)
      const badDate = await owner('POST', `/couriers/${ids.d}/statements`, { csv: 'tracking;amount;date\nD-1;2600;2026-11-20\n\nD-2;4500;31/02/2026' })
      assert.equal(badDate.status, 400)
      assert.match(JSON.stringify(badDate.body), /(Line|Ligne|السطر) 4\b/)
      assert.equal((await owner('POST', `/couriers/${ids.d}/statements`, { csv: 'D-1;2600' })).status, 400)
      assert.equal((await owner('POST', `/couriers/${ids.d}/statements`, { csv: '\n\n' })).status, 400)
      const rows = await shop.database.db.select().from(shipments).where(eq(shipments.accountId, ids.d))
      assert.deepEqual(rows.filter((r) => r.payoutStatus === 'paid').map((r) => r.tracking), ['D-3'], 'nothing marked paid')
      assert.equal((await shop.database.db.select().from(auditLog).where(eq(auditLog.entityId, ids.d))).length, 0)
    })

    test('a statement marks matching parcels paid and says why the others were not, in one audited write', async () => {
      const csv = ['Tracking;Montant;Date;Versement', 'D-1;2 600,00;20/11/2026;V-77', 'D-2;4400;2026-11-20;V-77', 'D-3;2000;2026-11-20', 'D-404;100;2026-11-20', 'D-4;1000;2026-11-20', 'A-2;2600;2026-11-20'].join('\r\n')
      const res = await shop.app.inject({ method: 'POST', url: `/api/v1/admin/couriers/${ids.d}/statements`, headers: { cookie: shop.staffCookie, 'content-type': 'text/plain' }, payload: csv })
      assert.equal(res.statusCode, 200, res.body)
      const data = res.json().data
      assert.deepEqual(
        data.lines.map((l: { line: number; tracking: string; outcome: string; amount: number; expected: number | null }) => [l.line, l.tracking, l.outcome, l.amount, l.expected]),
        [
          [2, 'D-1', 'matched', 2600, 2600],
          [3, 'D-2', 'differs', 4400, 4500],
          [4, 'D-3', 'already_paid', 2000, 2000],
          [5, 'D-404', 'unknown', 100, null],
          [6, 'D-4', 'not_delivered', 1000, null],
          [7, 'A-2', 'unknown', 2600, null],
        ],
      )
      assert.deepEqual([data.matched, data.differs, data.alreadyPaid, data.unknown, data.notDelivered], [1, 1, 1, 2, 1])
      const rows = new Map((await shop.database.db.select().from(shipments).where(eq(shipments.accountId, ids.d))).map((r) => [r.tracking, r]))
      assert.equal(rows.get('D-1')?.payoutStatus, 'paid')
      assert.equal(rows.get('D-1')?.payoutId, 'V-77')
      assert.equal(rows.get('D-1')?.paidOutAt?.toISOString(), '2026-11-19T23:00:00.000Z')
      assert.equal(rows.get('D-2')?.payoutStatus, 'not_ready', 'a different amount stays owed')
      assert.equal(rows.get('D-3')?.payoutId, 'OLD', 'an already paid parcel is left as it was')
      assert.equal((await shipmentOf(owedParcel.id))?.payoutStatus, 'ready', "another courier's parcel is not touched")
      const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, ids.d), eq(auditLog.action, 'statement')))
      assert.equal(audit?.staffName, 'Samir')
      assert.equal((audit?.after as { paidTotal: number }).paidTotal, 2600)
      assert.equal((await figuresOf('', ids.d)).paidOut, 2600 + 2000)

      // JSON, commas, a quoted French amount: the second payout settles D-2
      const again = await owner('POST', `/couriers/${ids.d}/statements`, { csv: 'tracking,amount,date\nD-2,"4 500,00",2026-11-21\nD-1,2600,2026-11-21' })
      assert.equal(again.status, 200, JSON.stringify(again.body))
      assert.deepEqual(again.body.data.lines.map((l: { outcome: string }) => l.outcome), ['matched', 'already_paid'])
      assert.equal((await figuresOf('', ids.d)).stillOwed, 0)
      assert.equal((await owner('POST', '/couriers/00000000-0000-4000-8000-000000000000/statements', { csv: 'X;1;2026-11-20' })).status, 404)
    })

    test('money is for managers and the owner: an agent is refused everywhere', async () => {
      assert.equal((await as(shop.agentCookie, 'GET', '/couriers/ledger')).status, 403)
      assert.equal((await as(shop.agentCookie, 'GET', `/couriers/${ids.a}/ledger/parcels`)).status, 403)
      assert.equal((await as(shop.agentCookie, 'POST', `/couriers/${ids.b}/statements`, { csv: 'B-1;6500;2026-11-20' })).status, 403)
      assert.equal((await shop.http('GET', '/api/v1/admin/couriers/ledger')).status, 401)
      assert.equal((await as(shop.staffCookie, 'GET', '/couriers/ledger')).status, 200)
      assert.equal((await figuresOf('', ids.b)).paidOut, 0, "the agent's statement wrote nothing")
    })
  })

  describe(`courier money with the fake Yalidine on ${target}`, () => {
    let shop: AdminShop
    let fakes: FakeCouriers
    const SECRET = 'yalidine-webhook-secret'
    const owner = (method: 'GET' | 'POST', url: string, body?: unknown) => shop.http(method, `/api/v1/admin${url}`, { cookie: shop.ownerCookie, body })

    before(async () => {
      fakes = await startFakeCouriers()
      shop = await startAdminShop(target)
    })
    after(async () => {
      await shop.close()
      await fakes.close()
    })

    test('a parcel shipped, delivered by webhook and paid out by Yalidine shows paid in the ledger after a refresh', async () => {
      const created = await owner('POST', '/couriers', { name: 'Yalidine', engine: 'yalidine', baseUrl: fakes.yalidine.baseUrl, credentials: fakes.yalidine.credentials, webhookSecret: SECRET, isDefault: true, senderWilayaCode: 16 })
      assert.equal(created.status, 201, JSON.stringify(created.body))
      const accountId = created.body.data.account._id as string
      assert.equal((await owner('POST', `/couriers/${accountId}/places/sync`)).status, 200)
      const variant = shop.catalogue.scarf.variants[0]
      assert.ok(variant)
      const order = await insertOrder(shop.database.db, [{ variantId: variant.id, quantity: 1 }], { status: 'confirmed' })
      const shipped = await owner('POST', `/orders/${order.id}/ship`, {})
      assert.equal(shipped.body?.data?.okCount, 1, JSON.stringify(shipped.body))
      const [parcel] = await shop.database.db.select().from(shipments).where(eq(shipments.orderId, order.id))
      assert.ok(parcel)

      const news = fakes.yalidine.signedWebhook(SECRET, [{ tracking: parcel.tracking, status: 'Livré', eventId: 'evt-1', occurredAt: new Date().toISOString() }])
      const hook = await shop.app.inject({ method: 'POST', url: `/api/v1/couriers/${accountId}/webhook`, headers: { ...news.headers, 'content-type': 'application/json' }, payload: news.rawBody })
      assert.equal(hook.statusCode, 200)
      const ledger = async () => (await owner('GET', '/couriers/ledger')).body.data.accounts.find((a: { accountId: string }) => a.accountId === accountId)
      const before = await ledger()
      assert.equal(before.deliveredCount, 1)
      assert.equal(before.collected, parcel.codAmount)
      assert.equal(before.paidOut, 0)

      fakes.yalidine.setPayment(parcel.tracking, 'payed', 'YAL-PAY-9')
      assert.equal((await owner('POST', '/shipments/refresh')).status, 200)
      const after = await ledger()
      assert.equal(after.paidOut, after.netDue)
      assert.ok(after.netDue > 0)
      assert.equal(after.stillOwed, 0)
      const paid = await owner('GET', `/couriers/${accountId}/ledger/parcels?status=paid`)
      assert.deepEqual(paid.body.data.parcels.map((p: { tracking: string; payoutId: string }) => [p.tracking, p.payoutId]), [[parcel.tracking, 'YAL-PAY-9']])
    })
  })
}
