import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, inArray, sql } from 'drizzle-orm'
import { orders, orderStatusHistory, variants } from '../../db/schema.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { lastShopDays } from './call-figures.repo.ts'

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
const HOUR = 3_600_000
const DAY = 24 * HOUR
/**
 * How far to move a test's last two hours back so that they fall on one shop day (Africa/Algiers, UTC+1 all year):
 * "now" becomes noon of the day before, whatever the hour the test runs at (at 00:30 there, two hours ago is yesterday).
 */
const toYesterdayNoon = (now: number) => now - (Math.floor((now + HOUR) / DAY) * DAY - DAY + 12 * HOUR - HOUR)

for (const target of TEST_TARGETS) {
  describe(`call-centre and delivery figures on ${target}`, () => {
    let shop: AdminShop
    const as = (cookie: string) => (method: 'GET' | 'POST', url: string, body?: unknown) => shop.http(method, `/api/v1/admin${url}`, { cookie, body })
    const db = () => shop.database.db
    const versionOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!.version
    const call = async (cookie: string, id: string, outcome: string) => {
      const reply = await as(cookie)('POST', `/orders/${id}/call`, { outcome, version: await versionOf(id) })
      assert.equal(reply.status, 200, JSON.stringify(reply.body))
    }
    const move = async (id: string, ...statuses: string[]) => {
      for (const status of statuses) {
        const reply = await as(shop.ownerCookie)('POST', `/orders/${id}/status`, { status, version: await versionOf(id) })
        assert.equal(reply.status, 200, `${status}: ${JSON.stringify(reply.body)}`)
      }
    }
    /** When a call entry was made (moved back in time, as if the agent had called then). */
    const callAt = async (id: string, when: Date) => {
      await db().update(orderStatusHistory).set({ createdAt: when }).where(eq(orderStatusHistory.orderId, id))
    }

    before(async () => {
      shop = await startAdminShop(target)
      await db().update(variants).set({ stock: 100 }).where(eq(variants.id, shop.catalogue.scarf.variants[0]!.id))
    })
    after(async () => shop.close())

    test('calls per agent and day, and confirmation, delivery and return rates by wilaya, product and source', async () => {
      const line = [{ variantId: shop.catalogue.scarf.variants[0]!.id, quantity: 1 }]
      // A: no answer, then confirmed by the agent, then delivered; B: confirmed by the manager, then returned;
      // C: marked fake by the agent; D: taken on WhatsApp in another wilaya, not called yet; E: deleted
      const a = await insertOrder(db(), line, { createdAt: minutesAgo(120) })
      const b = await insertOrder(db(), line, { createdAt: minutesAgo(60) })
      const c = await insertOrder(db(), line, { createdAt: minutesAgo(30) })
      const d = await insertOrder(db(), line, { communeId: 319 })
      await db().update(orders).set({ source: 'whatsapp' }).where(eq(orders.id, d.id))
      const e = await insertOrder(db(), line)
      await move(e.id, 'deleted')

      await call(shop.agentCookie, a.id, 'no_answer')
      // the first call to A came ten minutes after it was placed
      await callAt(a.id, minutesAgo(110))
      await call(shop.agentCookie, a.id, 'confirmed')
      await call(shop.staffCookie, b.id, 'confirmed')
      await call(shop.agentCookie, c.id, 'fake')
      await move(a.id, 'processing', 'shipped', 'delivered')
      await move(b.id, 'processing', 'shipped', 'returned')
      // the figures are by shop day: the orders and their history move back together, keeping every wait as it was
      const shift = toYesterdayNoon(Date.now())
      const ids = [a.id, b.id, c.id, d.id, e.id]
      const back = sql`make_interval(secs => ${shift / 1000})`
      await db().update(orders).set({ createdAt: sql`${orders.createdAt} - ${back}` }).where(inArray(orders.id, ids))
      await db().update(orderStatusHistory).set({ createdAt: sql`${orderStatusHistory.createdAt} - ${back}` }).where(inArray(orderStatusHistory.orderId, ids))

      const reply = await as(shop.ownerCookie)('GET', '/dashboard/call-figures')
      assert.equal(reply.status, 200, JSON.stringify(reply.body))
      const figures = reply.body.data
      assert.deepEqual({ from: figures.from, to: figures.to }, lastShopDays(30), 'the last 30 shop days by default')

      const day = lastShopDays(1, new Date(Date.now() - shift)).to
      const agent = figures.agents.find((row: { staffName: string }) => row.staffName === 'Yasmine')
      assert.deepEqual(
        { ...agent, minutesToFirstCall: undefined, staffId: undefined },
        { date: day, staffId: undefined, staffName: 'Yasmine', calls: 3, ordersCalled: 2, confirmed: 1, confirmationRate: 0.5, firstCalls: 2, minutesToFirstCall: undefined },
      )
      // A's first call 10 minutes after the order, C's at once (30 minutes after it was placed): 20 minutes on average
      assert.ok(Math.abs(agent.minutesToFirstCall - 20) < 1.5, `mean wait ${agent.minutesToFirstCall}`)
      const manager = figures.agents.find((row: { staffName: string }) => row.staffName === 'Samir')
      assert.deepEqual([manager.calls, manager.ordersCalled, manager.confirmed, manager.confirmationRate, manager.firstCalls], [1, 1, 1, 1, 1])
      assert.ok(Math.abs(manager.minutesToFirstCall - 60) < 1.5, `mean wait ${manager.minutesToFirstCall}`)
      assert.equal(figures.agents.length, 2, 'the owner made no call')

      const outcomes = (rows: { key: string }[], key: string) => {
        const row = rows.find((r) => r.key === key) as Record<string, unknown> | undefined
        assert.ok(row, `a row for ${key}`)
        return [row.orders, row.confirmed, row.shipped, row.delivered, row.returned, row.confirmationRate, row.deliveryRate, row.returnRate]
      }
      // the deleted order counts nowhere; the fake one was never confirmed
      assert.deepEqual(outcomes(figures.bySource, 'storefront'), [3, 2, 2, 1, 1, 2 / 3, 0.5, 0.5])
      assert.deepEqual(outcomes(figures.bySource, 'whatsapp'), [1, 0, 0, 0, 0, 0, null, null])
      const [aRow] = await db().select().from(orders).where(eq(orders.id, a.id))
      const [dRow] = await db().select().from(orders).where(eq(orders.id, d.id))
      assert.notEqual(aRow!.wilayaCode, dRow!.wilayaCode)
      assert.deepEqual(outcomes(figures.byWilaya, String(aRow!.wilayaCode)), [3, 2, 2, 1, 1, 2 / 3, 0.5, 0.5])
      assert.deepEqual(outcomes(figures.byWilaya, String(dRow!.wilayaCode)), [1, 0, 0, 0, 0, 0, null, null])
      assert.deepEqual(outcomes(figures.byProduct, shop.catalogue.scarf.id), [4, 2, 2, 1, 1, 0.5, 0.5, 0.5])
      const wilaya = figures.byWilaya.find((r: { key: string }) => r.key === String(aRow!.wilayaCode))
      assert.ok(wilaya.label.ar && wilaya.label.fr, 'the wilaya is named in Arabic and French')

      // a period before any of it is empty
      const old = await as(shop.ownerCookie)('GET', '/dashboard/call-figures?from=2020-01-01&to=2020-01-31')
      assert.deepEqual([old.body.data.agents, old.body.data.byWilaya, old.body.data.byProduct, old.body.data.bySource], [[], [], [], []])

      // one table as CSV, in the manager's language
      const csv = await shop.http('GET', `/api/v1/admin/dashboard/call-figures.csv?table=agents&from=${day}&to=${day}`, {
        cookie: shop.staffCookie,
        headers: { 'accept-language': 'fr' },
      })
      assert.equal(csv.status, 200)
      assert.match(String(csv.headers['content-type']), /text\/csv/)
      const lines = String(csv.text).replace(/^\uFEFF/, '').trim().split('\r\n')
      assert.match(lines[0]!, /^"Jour","Agent","Appels","Commandes appelées","Confirmées","Taux de confirmation %"/)
      assert.ok(lines.some((row) => row.startsWith(`"${day}","Yasmine","3","2","1","50"`)), lines.join('\n'))
      // a plain link sends the browser's Accept-Language: `?lang=` gives the back office's language instead
      const arabic = await shop.http('GET', `/api/v1/admin/dashboard/call-figures.csv?table=wilayas&lang=ar`, {
        cookie: shop.staffCookie,
        headers: { 'accept-language': 'fr' },
      })
      assert.match(String(arabic.text).replace(/^\uFEFF/, ''), /^"الرمز","الولاية","الطلبات"/)
    })

    test('the figures are for managers and the owner; a period that runs backwards or past a year is refused with its reason', async () => {
      assert.equal((await as(shop.agentCookie)('GET', '/dashboard/call-figures')).status, 403)
      assert.equal((await as(shop.agentCookie)('GET', '/dashboard/call-figures.csv?table=agents')).status, 403)
      const backwards = await as(shop.staffCookie)('GET', '/dashboard/call-figures?from=2026-02-01&to=2026-01-01')
      assert.equal(backwards.status, 400)
      assert.equal(backwards.body.code, 'VALIDATION_FAILED')
      const long = await as(shop.staffCookie)('GET', '/dashboard/call-figures?from=2024-01-01&to=2026-01-01')
      assert.equal(long.status, 400)
      assert.equal((await as(shop.staffCookie)('GET', '/dashboard/call-figures?from=2026-13-45')).status, 400, 'not a date')
      assert.equal((await as(shop.staffCookie)('GET', '/dashboard/call-figures.csv?table=nope')).status, 400)
    })
  })
}
