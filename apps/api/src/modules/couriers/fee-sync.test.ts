import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, asc, count, eq } from 'drizzle-orm'
import { auditLog, deliveryPrices } from '../../db/schema.ts'
import { type AdminShop, startAdminShop } from '../../test/admin-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { applyFees, previewFees } from './fee-sync.service.ts'
import { AppError } from '../../http/app-error.ts'
import { type CourierAdapter, CourierError } from './courier.ts'
import { fakeEcotrackFee } from './fakes/fake-ecotrack.ts'
import { type FakeCouriers, startFakeCouriers } from './fakes/fake-couriers.ts'
import { fakeYalidineHomeFee, startFakeYalidine } from './fakes/fake-yalidine.ts'

// The courier's fees copied into the shop's delivery prices with a margin, through the real Yalidine and Ecotrack
// adapters speaking to the local fakes: the preview, the apply (one transaction, only the chosen wilayas), the
// storefront's quote afterwards, a courier down or refusing, and who may do it.

interface Row {
  wilayaCode: number
  type: 'domicil' | 'stopdesk' | 'return'
  current: number | null
  courier: number | null
  proposed: number | null
  changed: boolean
}

for (const target of TEST_TARGETS) {
  describe(`courier fee sync on ${target}`, () => {
    let shop: AdminShop
    let fakes: FakeCouriers
    let yalidine = ''
    let ecotrack = ''

    const as = (cookie: string) => (method: 'GET' | 'POST', url: string, body?: unknown) => shop.http(method, `/api/v1/admin${url}`, { cookie, body })
    const owner = (method: 'GET' | 'POST', url: string, body?: unknown) => as(shop.ownerCookie)(method, url, body)
    const table = async () => shop.database.db.select().from(deliveryPrices).orderBy(asc(deliveryPrices.wilayaCode), asc(deliveryPrices.type))
    const feeAudits = async () => (await shop.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.kind, 'delivery_fee')))[0]?.n ?? 0
    const rowOf = (rows: Row[], wilayaCode: number, type: Row['type']) => {
      const row = rows.find((r) => r.wilayaCode === wilayaCode && r.type === type)
      assert.ok(row, `${wilayaCode} ${type}`)
      return row
    }
    const addAccount = async (body: Record<string, unknown>) => {
      const res = await owner('POST', '/couriers', { senderWilayaCode: 16, ...body })
      assert.equal(res.status, 201, JSON.stringify(res.body))
      return res.body.data.account._id as string
    }

    before(async () => {
      fakes = await startFakeCouriers()
      shop = await startAdminShop(target)
      yalidine = await addAccount({ name: 'Yalidine', engine: 'yalidine', baseUrl: fakes.yalidine.baseUrl, credentials: fakes.yalidine.credentials, isDefault: true })
      ecotrack = await addAccount({ name: 'DHD', engine: 'ecotrack', baseUrl: fakes.ecotrack.baseUrl, credentials: fakes.ecotrack.credentials })
    })
    after(async () => {
      await shop.close()
      await fakes.close()
    })

    test("the preview shows the courier's prices with the margin, and writes nothing", async () => {
      const before = await table()
      const fixed = await owner('GET', `/couriers/${yalidine}/fees/preview?margin=100`)
      assert.equal(fixed.status, 200, JSON.stringify(fixed.body))
      const rows: Row[] = fixed.body.data.preview.rows
      assert.equal(rows.length, 58 * 3)
      assert.equal(rowOf(rows, 5, 'domicil').courier, fakeYalidineHomeFee(16, 5))
      assert.equal(rowOf(rows, 5, 'domicil').proposed, fakeYalidineHomeFee(16, 5) + 100)
      assert.equal(rowOf(rows, 16, 'domicil').proposed, 400 + 100, 'the sender wilaya is the cheap one')
      assert.equal(rowOf(rows, 5, 'stopdesk').proposed, fakeYalidineHomeFee(16, 5) - 250 + 100)
      assert.deepEqual({ courier: rowOf(rows, 5, 'return').courier, proposed: rowOf(rows, 5, 'return').proposed }, { courier: 250, proposed: 250 }, 'the return fee without margin')
      for (const row of rows) assert.equal(row.changed, row.current !== row.proposed)
      assert.deepEqual(fixed.body.data.preview.changedWilayas, [...new Set(rows.filter((r) => r.changed).map((r) => r.wilayaCode))])

      // 10 % of 350 DA is 35 DA, rounded to 40 DA
      const percent = await owner('GET', `/couriers/${yalidine}/fees/preview?marginPercent=10`)
      assert.equal(percent.status, 200)
      const desk = rowOf(percent.body.data.preview.rows, 5, 'stopdesk')
      assert.deepEqual([desk.courier, desk.proposed], [350, 390])
      assert.deepEqual(await table(), before)
    })

    test('apply writes the chosen wilayas only, in one go, with audit lines; the storefront quotes the new fee', async () => {
      const quote = async (wilaya: number) => (await shop.http('GET', `/api/v1/shipping/wilaya/${wilaya}`)).body.data
      const cachedBefore = await quote(5)
      const before = await table()
      const audits = await feeAudits()
      const res = await owner('POST', `/couriers/${ecotrack}/fees/apply`, { margin: 50, marginPercent: 0, wilayaCodes: [5, 50], offerOnlyServed: true })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.equal(res.body.data.applied.wilayas, 2)

      const after = await table()
      const of = (code: number, type: string) => after.find((r) => r.wilayaCode === code && r.type === type)
      assert.equal(of(5, 'domicil')?.price, fakeEcotrackFee(5).home + 50)
      assert.equal(of(5, 'stopdesk')?.price, fakeEcotrackFee(5).stopDesk + 50)
      assert.equal(of(5, 'domicil')?.returnPrice, 200)
      assert.equal(of(50, 'domicil')?.price, fakeEcotrackFee(50).home + 50)
      assert.equal(of(50, 'stopdesk')?.price, null, 'no stop desk at the courier there: not offered, as asked')
      const untouched = (rows: typeof after) => rows.filter((r) => r.wilayaCode !== 5 && r.wilayaCode !== 50).map(({ updatedAt: _, ...r }) => r)
      assert.deepEqual(untouched(after), untouched(before), 'the other wilayas are left alone')
      assert.equal((await feeAudits()) - audits, 2, 'one audit line per wilaya')
      const [line] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.kind, 'delivery_fee'), eq(auditLog.entityId, '50'))).orderBy(asc(auditLog.id))
      assert.equal(line?.entity, 'delivery_price')
      assert.equal((line?.after as Record<string, unknown>)?.domicil, fakeEcotrackFee(50).home + 50)

      const now = await quote(5)
      assert.notEqual(cachedBefore.domicil, now.domicil)
      assert.equal(now.domicil, fakeEcotrackFee(5).home + 50)
      assert.equal((await quote(50)).stopdesk, null)
      const one = await shop.http('GET', '/api/v1/shipping/one?wilaya=5&type=stopdesk')
      assert.equal(one.body.data.price, fakeEcotrackFee(5).stopDesk + 50)

      // a second preview with the same margin shows nothing left to change in those two wilayas
      const again = await owner('GET', `/couriers/${ecotrack}/fees/preview?margin=50&offerOnlyServed=true`)
      assert.ok(!again.body.data.preview.changedWilayas.includes(5))
      assert.ok(!again.body.data.preview.changedWilayas.includes(50))
    })

    test('apply without a list takes every changed wilaya; the preview then shows none', async () => {
      const res = await owner('POST', `/couriers/${yalidine}/fees/apply`, { margin: 0, marginPercent: 5 })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.ok(res.body.data.applied.wilayas >= 50, JSON.stringify(res.body.data))
      const again = await owner('GET', `/couriers/${yalidine}/fees/preview?marginPercent=5`)
      assert.deepEqual(again.body.data.preview.changedWilayas, [])
      const home = (await table()).find((r) => r.wilayaCode === 7 && r.type === 'domicil')
      assert.equal(home?.price, fakeYalidineHomeFee(16, 7) + Math.round(fakeYalidineHomeFee(16, 7) * 0.05 / 10) * 10)
    })

    test('a wilaya outside the division refuses the whole apply', async () => {
      const before = await table()
      const res = await owner('POST', `/couriers/${ecotrack}/fees/apply`, { margin: 999, marginPercent: 0, wilayaCodes: [3, 69] })
      assert.equal(res.status, 400, JSON.stringify(res.body))
      assert.deepEqual(await table(), before)
    })

    test('a courier down or refusing the credentials is a clear error and writes nothing', async () => {
      const gone = await startFakeYalidine()
      const downId = await addAccount({ name: 'Down', engine: 'yalidine', baseUrl: gone.baseUrl, credentials: gone.credentials })
      await gone.close()
      const refusedId = await addAccount({ name: 'Wrong key', engine: 'yalidine', baseUrl: fakes.yalidine.baseUrl, credentials: { apiId: 'nope', apiToken: 'nope' } })
      const before = await table()
      const audits = await feeAudits()

      const down = await owner('GET', `/couriers/${downId}/fees/preview?margin=10`)
      assert.equal(down.status, 503)
      assert.equal(down.body.code, 'COURIER_UNAVAILABLE')
      const downApply = await owner('POST', `/couriers/${downId}/fees/apply`, { margin: 10, marginPercent: 0 })
      assert.equal(downApply.status, 503)
      assert.equal(downApply.body.code, 'COURIER_UNAVAILABLE')

      const refused = await owner('POST', `/couriers/${refusedId}/fees/apply`, { margin: 10, marginPercent: 0 })
      assert.equal(refused.status, 422)
      assert.equal(refused.body.code, 'COURIER_AUTH_FAILED')

      const missing = await owner('GET', '/couriers/00000000-0000-4000-8000-000000000000/fees/preview')
      assert.equal(missing.status, 404)
      assert.deepEqual(await table(), before)
      assert.equal(await feeAudits(), audits)
    })

    test("each courier failure has the store's code, and apply writes nothing", async () => {
      const before = await table()
      const failing = (error: CourierError) => async () => ({ fees: async () => Promise.reject(error) }) as unknown as CourierAdapter
      const cases = [
        [new CourierError('rate_limited', 'quota spent', { retryAfterMs: 1000 }), 'TOO_MANY_REQUESTS'],
        [new CourierError('unauthorized', 'bad key'), 'COURIER_AUTH_FAILED'],
        [new CourierError('unavailable', 'down'), 'COURIER_UNAVAILABLE'],
      ] as const
      for (const [error, code] of cases) {
        const margin = { margin: 10, marginPercent: 0 }
        await assert.rejects(previewFees(shop.database.db, yalidine, failing(error), margin, 'fr'), (e) => e instanceof AppError && e.code === code)
        await assert.rejects(applyFees(shop.database.db, { id: 'x', name: 'Owner' }, yalidine, failing(error), margin, 'fr'), (e) => e instanceof AppError && e.code === code)
      }
      assert.deepEqual(await table(), before)
    })

    test('only the owner may preview or apply', async () => {
      const before = await table()
      for (const cookie of [shop.staffCookie, shop.agentCookie]) {
        assert.equal((await as(cookie)('GET', `/couriers/${yalidine}/fees/preview`)).status, 403)
        assert.equal((await as(cookie)('POST', `/couriers/${yalidine}/fees/apply`, { margin: 500, marginPercent: 0 })).status, 403)
      }
      assert.equal((await shop.http('GET', `/api/v1/admin/couriers/${yalidine}/fees/preview`)).status, 401)
      assert.deepEqual(await table(), before)
    })
  })
}
