import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { orders, orderStatusHistory, staff, variants } from '../../db/schema.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { createStaff } from '../staff/staff.service.ts'
import { confirmLinkSecret } from './orders.admin-repo.ts'
import { CONFIRM_LINK_TTL_MS, signConfirmToken } from './confirm-link.ts'

for (const target of TEST_TARGETS) {
  describe(`the confirmation-call queue on ${target}`, () => {
    let shop: AdminShop
    const as = (cookie: string) => (method: 'GET' | 'POST', url: string, body?: unknown) => shop.http(method, `/api/v1/admin${url}`, { cookie, body })
    let agent: ReturnType<typeof as>
    const db = () => shop.database.db
    const stockOf = async (id: string) => (await db().select().from(variants).where(eq(variants.id, id)))[0]?.stock
    const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
    const historyOf = async (id: string) => db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))
    const newOrder = (options: Parameters<typeof insertOrder>[2] = {}) => insertOrder(db(), [{ variantId: shop.catalogue.scarf.variants[0]!.id, quantity: 1 }], options)
    /** Ends every pending order of earlier tests (written as cancelled, stock aside), so a test starts from an empty queue. */
    const drain = async () => {
      await db().update(orders).set({ status: 'cancelled', assignedStaffId: null, assignedUntil: null }).where(eq(orders.status, 'pending'))
    }

    before(async () => {
      shop = await startAdminShop(target)
      agent = as(shop.agentCookie)
      // enough scarves for the many orders of these tests
      await db().update(variants).set({ stock: 1000 }).where(eq(variants.id, shop.catalogue.scarf.variants[0]!.id))
    })
    after(async () => shop.close())

    test('two agents asking "next" at once never get the same order (concurrent requests, many rounds)', async () => {
      await drain()
      const cookies = [shop.agentCookie, shop.staffCookie, shop.ownerCookie]
      for (const name of ['Nadia', 'Walid', 'Lina']) {
        await createStaff(db(), { email: `${name.toLowerCase()}@test.dz`, name, password: shop.password, role: 'agent' })
        cookies.push(await shop.login(`${name.toLowerCase()}@test.dz`))
      }
      const rounds = 8
      for (let i = 0; i < cookies.length * rounds; i++) await newOrder()
      const seen = new Set<string>()
      for (let round = 0; round < rounds; round++) {
        const replies = await Promise.all(cookies.map((cookie) => as(cookie)('POST', '/call-queue/next')))
        const ids = replies.map((r) => {
          assert.equal(r.status, 200)
          assert.ok(r.body.data.current, `round ${round}: every agent gets an order ${JSON.stringify(replies.map((x) => x.body.data.current?.order._id ?? null))}`)
          return r.body.data.current.order._id as string
        })
        assert.equal(new Set(ids).size, cookies.length, `round ${round}: ${ids.join(', ')}`)
        for (const id of ids) {
          assert.ok(!seen.has(id), 'an order worked in an earlier round never comes back')
          seen.add(id)
        }
        // each agent confirms its order at once (the lease ends with the call)
        const calls = await Promise.all(
          replies.map((r, i) => as(cookies[i]!)('POST', `/orders/${r.body.data.current.order._id}/call`, { outcome: 'confirmed', version: r.body.data.current.order.version })),
        )
        assert.deepEqual(calls.map((c) => c.status), cookies.map(() => 200))
      }
      const empty = await agent('POST', '/call-queue/next')
      assert.equal(empty.body.data.current, null)
    })

    test("an order leased to another agent is skipped until the lease ends; an agent's own standing assignment comes first", async () => {
      await drain()
      const oldest = await newOrder({ createdAt: new Date(Date.now() - 3_600_000) })
      const newer = await newOrder()
      const mine = await agent('POST', '/call-queue/next')
      assert.equal(mine.body.data.current.order._id, oldest.id)
      assert.ok(new Date(mine.body.data.current.assignedUntil).getTime() > Date.now() + 4 * 60_000, 'held for the 5 minutes of the default lease')
      const again = await agent('POST', '/call-queue/next')
      assert.equal(again.body.data.current.order._id, oldest.id, 'asking again gives the same order back (a reload keeps it)')
      const other = as(shop.staffCookie)
      assert.equal((await other('POST', '/call-queue/next')).body.data.current.order._id, newer.id)
      assert.equal((await as(shop.ownerCookie)('POST', '/call-queue/next')).body.data.current, null, 'both orders are held')
      const list = await agent('GET', '/call-queue')
      assert.deepEqual(list.body.data.orders.map((o: { assignedTo: string }) => o.assignedTo), ['Yasmine', 'Samir'])
      // the lease runs out (its end moved into the past, as five minutes later): the order is free again
      await db().update(orders).set({ assignedUntil: sql`now() - interval '1 second'` }).where(eq(orders.id, oldest.id))
      assert.equal((await as(shop.ownerCookie)('POST', '/call-queue/next')).body.data.current.order._id, oldest.id)
      // a standing assignment (the order list's "assign to an agent": no end) is the agent's, first and for good
      const standing = await newOrder()
      const [yasmine] = await db().select({ id: staff.id }).from(staff).where(eq(staff.email, 'agent@test.dz'))
      await db().update(orders).set({ assignedStaffId: yasmine!.id, assignedUntil: null }).where(eq(orders.id, standing.id))
      await db().update(orders).set({ assignedStaffId: null, assignedUntil: null }).where(eq(orders.id, newer.id))
      assert.equal((await other('POST', '/call-queue/next')).body.data.current.order._id, newer.id, "another agent's standing order is not offered")
      const first = await agent('POST', '/call-queue/next')
      assert.equal(first.body.data.current.order._id, standing.id)
      assert.equal(first.body.data.current.assignedUntil, null, 'a standing assignment keeps having no end')
      const noAnswer = await agent('POST', `/orders/${standing.id}/call`, { outcome: 'no_answer', version: first.body.data.current.order.version })
      assert.equal(noAnswer.status, 200)
      assert.equal((await orderRow(standing.id)).assignedStaffId, yasmine!.id, 'still the agent’s after an unanswered call')
    })

    test('postponed orders leave the queue and come back at their callback time, first', async () => {
      await drain()
      const older = await newOrder({ createdAt: new Date(Date.now() - 7_200_000) })
      const order = await newOrder()
      const taken = await agent('POST', `/orders/${older.id}/call`, { outcome: 'busy', version: 1 })
      assert.equal(taken.status, 200)
      const missing = await agent('POST', `/orders/${order.id}/call`, { outcome: 'postponed', version: 1 })
      assert.equal(missing.status, 400)
      assert.equal(missing.body.errors[0].field, 'callbackAt')
      const past = await agent('POST', `/orders/${order.id}/call`, { outcome: 'postponed', version: 1, callbackAt: new Date(Date.now() - 60_000).toISOString() })
      assert.equal(past.status, 422)
      assert.equal(past.body.code, 'CALLBACK_IN_PAST')
      // Time is not faked: the callback is set 1.5 s ahead through the API, and the queue reads the
      // database's clock (now()), so the test waits those 1.5 s for real instead of the usual hours.
      const callbackAt = new Date(Date.now() + 1500)
      const postponed = await agent('POST', `/orders/${order.id}/call`, { outcome: 'postponed', version: 1, callbackAt: callbackAt.toISOString(), note: 'after work' })
      assert.equal(postponed.status, 200)
      assert.equal(postponed.body.data.history.at(-1).callOutcome, 'postponed')
      const waiting = await agent('GET', '/call-queue')
      assert.deepEqual(waiting.body.data.orders.map((o: { _id: string }) => o._id), [older.id])
      assert.equal(waiting.body.data.counts.callbacksLater, 1)
      while (Date.now() < callbackAt.getTime() + 100) await new Promise((resolve) => setTimeout(resolve, 100))
      const due = await agent('GET', '/call-queue')
      assert.deepEqual(due.body.data.orders.map((o: { _id: string }) => o._id), [order.id, older.id], 'the callback due comes before older orders')
      assert.equal(due.body.data.counts.callbacksLater, 0)
      assert.equal((await agent('POST', '/call-queue/next')).body.data.current.order._id, order.id)
    })

    test('outcomes: unanswered calls up to the limit make an order unreachable; fake and duplicate cancel it with the stock back; a cancellation needs its reason', async () => {
      await drain()
      const v = shop.catalogue.scarf.variants[0]!.id
      const silent = await newOrder()
      for (const [version, outcome] of [[1, 'no_answer'], [2, 'busy']] as const) {
        assert.equal((await agent('POST', `/orders/${silent.id}/call`, { outcome, version })).status, 200)
      }
      assert.equal((await agent('GET', '/call-queue')).body.data.counts.unreachable, 0)
      await agent('POST', `/orders/${silent.id}/call`, { outcome: 'no_answer', version: 3 })
      const row = await orderRow(silent.id)
      assert.equal(row.unansweredCalls, 3)
      assert.equal(row.callAttempts, 3)
      assert.ok(row.unreachableAt, 'unreachable after the default 3 unanswered calls')
      const queue = await agent('GET', '/call-queue')
      assert.equal(queue.body.data.counts.unreachable, 1)
      assert.ok(!queue.body.data.orders.some((o: { _id: string }) => o._id === silent.id))

      const wrong = await newOrder()
      await agent('POST', `/orders/${wrong.id}/call`, { outcome: 'wrong_number', version: 1 })
      assert.ok((await orderRow(wrong.id)).unreachableAt, 'a wrong number is unreachable at once')

      const before = await stockOf(v)
      const fake = await newOrder()
      const kept = await newOrder()
      const duplicate = await newOrder()
      assert.equal(await stockOf(v), (before ?? 0) - 3)
      const fakeReply = await agent('POST', `/orders/${fake.id}/call`, { outcome: 'fake', version: 1 })
      assert.equal(fakeReply.body.data.order.status, 'cancelled')
      const dup = await agent('POST', `/orders/${duplicate.id}/call`, { outcome: 'duplicate', version: 1, keptOrderId: kept.id })
      assert.equal(dup.body.data.order.status, 'cancelled')
      assert.equal(await stockOf(v), (before ?? 0) - 1, 'fake and duplicate put their units back')
      const [dupEntry] = await historyOf(duplicate.id)
      assert.deepEqual(dupEntry?.details, { keptOrderId: kept.id })
      assert.equal(dupEntry?.callOutcome, 'duplicate')

      const noReason = await agent('POST', `/orders/${kept.id}/call`, { outcome: 'cancelled', version: 1 })
      assert.equal(noReason.status, 400)
      assert.equal(noReason.body.errors[0].field, 'note')
      const stale = await agent('POST', `/orders/${kept.id}/call`, { outcome: 'confirmed', version: 9 })
      assert.equal(stale.status, 409)
      assert.equal((await orderRow(kept.id)).status, 'pending')
    })

    test('the owner sets the unanswered-call limit and the lease length', async () => {
      const owner = as(shop.ownerCookie)
      const changed = await shop.http('PATCH', '/api/v1/admin/settings', { cookie: shop.ownerCookie, body: { unreachableAfterCalls: 1, callLeaseMinutes: 2 } })
      assert.equal(changed.status, 200)
      assert.equal(changed.body.data.settings.unreachableAfterCalls, 1)
      assert.ok(!('confirmLinkSecret' in changed.body.data.settings), 'the link secret never leaves the server')
      await drain()
      const order = await newOrder()
      const next = await owner('POST', '/call-queue/next')
      const until = new Date(next.body.data.current.assignedUntil).getTime()
      assert.ok(until > Date.now() + 60_000 && until < Date.now() + 3 * 60_000)
      await owner('POST', `/orders/${order.id}/call`, { outcome: 'no_answer', version: next.body.data.current.order.version })
      assert.ok((await orderRow(order.id)).unreachableAt)
      assert.equal((await orderRow(order.id)).assignedStaffId, null, 'the lease ended with the call')
      await shop.http('PATCH', '/api/v1/admin/settings', { cookie: shop.ownerCookie, body: { unreachableAfterCalls: 3, callLeaseMinutes: 5 } })
    })

    test('a confirmation-link GET changes nothing; its POST confirms once, in the history and out of the queue', async () => {
      await drain()
      const order = await newOrder()
      const page = await agent('GET', `/orders/${order.id}`)
      const link: string = page.body.data.confirmLink
      assert.match(link, /^\/confirm\/[0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/)
      const url = `/api/v1${link}`
      const before = await orderRow(order.id)
      for (let i = 0; i < 3; i++) {
        const read = await shop.http('GET', url, { headers: { 'accept-language': 'fr' } })
        assert.equal(read.status, 200)
        assert.equal(read.headers['cache-control'], 'no-store')
        assert.equal(read.body.data.order.status, 'pending')
        assert.equal(read.body.data.order.canAnswer, true)
        assert.equal(read.body.data.order.totalAmount, before.total)
        assert.equal(read.body.data.order.items[0].name, 'Écharpe en laine')
      }
      const untouched = await orderRow(order.id)
      assert.equal(untouched.version, before.version)
      assert.equal(untouched.updatedAt.getTime(), before.updatedAt.getTime())
      assert.equal((await historyOf(order.id)).length, 0, 'reading the link wrote nothing')

      const confirmed = await shop.http('POST', url, { body: { answer: 'confirm' } })
      assert.equal(confirmed.status, 200)
      assert.equal(confirmed.body.data.order.status, 'confirmed')
      assert.equal(confirmed.body.data.order.answer, 'confirm')
      const twice = await shop.http('POST', url, { body: { answer: 'cancel' } })
      assert.equal(twice.status, 200, 'a second answer is a no-op, not an error')
      assert.equal(twice.body.data.order.status, 'confirmed')
      const history = await historyOf(order.id)
      assert.equal(history.length, 1)
      assert.deepEqual(history[0]?.details, { via: 'confirm_link', answer: 'confirm' })
      assert.equal(history[0]?.toStatus, 'confirmed')
      assert.equal((await orderRow(order.id)).version, before.version + 1)
      const staffView = await agent('GET', `/orders/${order.id}`)
      assert.equal(staffView.body.data.history[0].byClient, true)
      assert.equal(staffView.body.data.confirmLink, null, 'no link once the order is no longer pending')
      assert.ok(!(await agent('GET', '/call-queue')).body.data.orders.some((o: { _id: string }) => o._id === order.id))
    })

    test('a change request keeps the order in the queue with its note; a cancel puts the stock back; forged and expired links are refused', async () => {
      await drain()
      const v = shop.catalogue.scarf.variants[0]!.id
      const order = await newOrder()
      await agent('POST', `/orders/${order.id}/call`, { outcome: 'no_answer', version: 1 })
      await agent('POST', `/orders/${order.id}/call`, { outcome: 'wrong_number', version: 2 })
      const link = `/api/v1${(await agent('GET', `/orders/${order.id}`)).body.data.confirmLink}`
      const noNote = await shop.http('POST', link, { body: { answer: 'change' } })
      assert.equal(noNote.status, 400)
      assert.equal(noNote.body.errors[0].field, 'note')
      const change = await shop.http('POST', link, { body: { answer: 'change', note: 'Taille 42 au lieu de 41' } })
      assert.equal(change.body.data.order.status, 'pending')
      assert.equal(change.body.data.order.answer, 'change')
      const queue = await agent('GET', '/call-queue')
      const row = queue.body.data.orders.find((o: { _id: string }) => o._id === order.id)
      assert.equal(row?.customerRequest, 'Taille 42 au lieu de 41', 'the customer reached out: back in the queue with the note')
      const current = await agent('POST', '/call-queue/next')
      assert.equal(current.body.data.current.customerRequest.note, 'Taille 42 au lieu de 41')
      assert.equal(current.body.data.current.history.at(-1).kind, 'customer_reply')

      const before = await stockOf(v)
      const cancel = await shop.http('POST', link, { body: { answer: 'cancel' } })
      assert.equal(cancel.body.data.order.status, 'cancelled')
      assert.equal(await stockOf(v), (before ?? 0) + 1)

      const secret = await confirmLinkSecret(db())
      const other = await newOrder()
      const expired = signConfirmToken(secret, other.id, Date.now() - CONFIRM_LINK_TTL_MS - 1000)
      const forged = signConfirmToken('not-the-shop-secret', other.id)
      for (const token of [expired, forged, 'nonsense']) {
        const res = await shop.http('POST', `/api/v1/confirm/${token}`, { body: { answer: 'confirm' }, headers: { 'accept-language': 'ar' } })
        assert.equal(res.status, 404)
        assert.equal(res.body.code, 'CONFIRM_LINK_INVALID')
        assert.equal((await shop.http('GET', `/api/v1/confirm/${token}`)).status, 404)
      }
      assert.equal((await orderRow(other.id)).status, 'pending')
    })
  })
}
