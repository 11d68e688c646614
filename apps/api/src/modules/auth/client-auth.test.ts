import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { clientUser } from '@shop/shared'
import { eq, sql } from 'drizzle-orm'
import { clients } from '../../db/schema.ts'
import { randomPhone, type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

const password = 'tapis-rouge-2026'

for (const target of TEST_TARGETS) {
  describe(`client accounts on ${target}`, () => {
    let shop: Shop
    before(async () => {
      shop = await startShop(target)
    })
    after(async () => shop.close())

    const signup = (email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      shop.http('POST', '/api/v1/auth/client/signup', {
        body: { firstName: 'Yacine', lastName: 'Mansouri', email, password, confirmPassword: password, ...extra },
        headers,
      })

    test('sign-up sets an httpOnly SameSite=Lax cookie, merges the guest cart and the profile reads back', async () => {
      const guest = (await shop.guestSession())
      await shop.http('POST', '/api/v1/cart/guest/add', { headers: { 'x-session-id': guest }, body: { productId: shop.catalogue.scarf.id, quantity: 2 } })
      const res = await signup('yacine@example.dz', { phone: '+213 661 23 45 67' }, { 'x-session-id': guest })
      assert.equal(res.status, 201)
      const setCookie = String(res.headers['set-cookie'])
      assert.match(setCookie, /shop_session=/)
      assert.match(setCookie, /HttpOnly/i)
      assert.match(setCookie, /SameSite=Lax/i)
      assert.equal(res.body.data.user.phone, '0661234567')
      assert.equal(res.body.data.user.passwordHash, undefined)
      const cart = await shop.http('GET', '/api/v1/cart/client', { cookie: res.cookie })
      assert.equal(cart.body.data.cart.cartCount, 2)
      const guestAfter = await shop.http('GET', '/api/v1/cart/guest', { headers: { 'x-session-id': guest } })
      assert.notEqual(guestAfter.body.data.sessionId, guest, 'the merged guest session is gone')
      const profile = await shop.http('GET', '/api/v1/auth/client/profile', { cookie: res.cookie })
      assert.equal(profile.body.data.user.email, 'yacine@example.dz')
      assert.equal(profile.body.data.user.totalOrders, 0)
    })

    test('the session check answers 200 with user null for a guest or an ended session, and the user when signed in', async () => {
      const guest = await shop.http('GET', '/api/v1/auth/client/session')
      assert.equal(guest.status, 200)
      assert.equal(guest.body.data.user, null)
      const stale = await shop.http('GET', '/api/v1/auth/client/session', { cookie: 'shop_session=not-a-session' })
      assert.equal(stale.status, 200)
      assert.equal(stale.body.data.user, null)
      const res = await signup('session@example.dz', { phone: '٠٦٦١ ٢٣ ٤٥ ٦٧' })
      assert.equal(res.status, 201)
      assert.equal(res.body.data.user.phone, '0661234567', 'an optional phone typed in Eastern Arabic digits is stored as 0-9')
      const signedIn = await shop.http('GET', '/api/v1/auth/client/session', { cookie: res.cookie })
      assert.equal(signedIn.status, 200)
      assert.equal(signedIn.body.data.user.email, 'session@example.dz')
      assert.equal(signedIn.body.data.user.phone, '0661234567')
      const noPhone = await signup('session-nophone@example.dz', { phone: '' })
      assert.equal(noPhone.status, 201, 'the phone is optional')
      assert.equal(noPhone.body.data.user.phone, null)
      const badPhone = await signup('session-badphone@example.dz', { phone: '0212345678' })
      assert.equal(badPhone.status, 400)
      assert.ok(badPhone.body.errors.some((e: { field: string }) => e.field === 'phone'))
    })

    test("a client finds its own orders by its phone in any usual form, and each order carries its status timeline", async () => {
      const res = await signup('orders-phone@example.dz')
      const other = await signup('orders-phone-other@example.dz')
      const commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
      const phone = randomPhone()
      const place = (cookie: string) =>
        shop.http('POST', '/api/v1/order/client', {
          cookie,
          body: {
            orderItems: [{ productId: shop.catalogue.scarf.id, quantity: 1 }],
            customerInfo: { firstName: 'Yacine', lastName: 'Mansouri', phone },
            shippingAddress: { wilayaId: 16, communeId: commune, type: 'stopdesk' },
          },
        })
      const mine = await place(res.cookie)
      assert.equal(mine.status, 201)
      await place(other.cookie)
      const eastern = [...phone].map((digit) => String.fromCharCode(0x0660 + Number(digit))).join('')
      const international = `+213 ${phone.slice(1, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8)}`
      for (const term of [phone, international, `213${phone.slice(1)}`, eastern]) {
        const list = await shop.http('GET', `/api/v1/order/client?searchOrders=${encodeURIComponent(term)}`, { cookie: res.cookie })
        assert.equal(list.status, 200, term)
        assert.equal(list.body.data.totalOrders, 1, `"${term}" finds the one order of this account`)
        assert.equal(list.body.data.orders[0]._id, mine.body.data.order._id)
      }
      const nobody = await shop.http('GET', `/api/v1/order/client?searchOrders=${encodeURIComponent(randomPhone())}`, { cookie: res.cookie })
      assert.equal(nobody.body.data.totalOrders, 0)
      const list = await shop.http('GET', '/api/v1/order/client', { cookie: res.cookie })
      assert.deepEqual(list.body.data.orders[0].history.map((entry: { status: string }) => entry.status), ['pending'])
      assert.ok(!Number.isNaN(Date.parse(list.body.data.orders[0].history[0].date)))
    })

    test('sign-up refuses a taken e-mail (any case), short, common and mismatched passwords', async () => {
      await signup('taken@example.dz')
      const again = await signup('TAKEN@example.dz')
      assert.equal(again.status, 409)
      assert.equal(again.body.code, 'EMAIL_TAKEN')
      const cases: [Record<string, unknown>, string][] = [
        [{ password: 'short', confirmPassword: 'short' }, 'password'],
        [{ password: 'password123', confirmPassword: 'password123' }, 'password'],
        [{ confirmPassword: 'something-else' }, 'confirmPassword'],
        [{ firstName: '<b>' }, 'firstName'],
      ]
      for (const [extra, field] of cases) {
        const res = await signup(`x${Math.random()}@example.dz`, extra, { 'accept-language': 'fr' })
        assert.equal(res.status, 400, field)
        assert.ok(res.body.errors.some((e: { field: string }) => e.field === field), JSON.stringify(res.body.errors))
      }
    })

    test('login: wrong password and unknown e-mail give the same 401; a new session each time; logout ends it', async () => {
      await signup('login@example.dz')
      const wrong = await shop.http('POST', '/api/v1/auth/client/login', { body: { email: 'login@example.dz', password: 'nope-nope-nope' } })
      const unknown = await shop.http('POST', '/api/v1/auth/client/login', { body: { email: 'nobody@example.dz', password: 'nope-nope-nope' } })
      assert.equal(wrong.status, 401)
      assert.deepEqual(wrong.body, unknown.body)
      const first = await shop.http('POST', '/api/v1/auth/client/login', { body: { email: 'LOGIN@example.dz', password } })
      assert.equal(first.status, 200)
      const second = await shop.http('POST', '/api/v1/auth/client/login', { body: { email: 'login@example.dz', password }, cookie: first.cookie })
      assert.notEqual(second.cookie, first.cookie)
      assert.equal((await shop.http('GET', '/api/v1/auth/client/profile', { cookie: first.cookie })).status, 401, 'the old session was replaced')
      await shop.http('POST', '/api/v1/auth/client/logout', { cookie: second.cookie })
      assert.equal((await shop.http('GET', '/api/v1/auth/client/profile', { cookie: second.cookie })).status, 401)
    })

    test('profile: names and phone change, the e-mail and unknown fields are never written', async () => {
      const { cookie } = await signup('profile@example.dz')
      const res = await shop.http('PATCH', '/api/v1/auth/client/profile', {
        cookie,
        body: { firstName: 'Nadia', email: 'hijack@example.dz', passwordHash: 'x', phone: '0770000000', dateOfBirth: '1995-04-02' },
      })
      assert.equal(res.status, 200)
      assert.equal(res.body.data.user.firstName, 'Nadia')
      assert.equal(res.body.data.user.email, 'profile@example.dz')
      assert.equal(res.body.data.user.dateOfBirth, '1995-04-02')
      const login = await shop.http('POST', '/api/v1/auth/client/login', { body: { email: 'profile@example.dz', password } })
      assert.equal(login.status, 200, 'the password hash was not overwritten')
    })

    test('every reply naming the shopper carries exactly the fields of its contract: the password hash never leaves the server', async () => {
      const { cookie, body: signedUp } = await signup('contract@example.dz')
      const login = await shop.http('POST', '/api/v1/auth/client/login', { body: { email: 'contract@example.dz', password } })
      const replies = [
        signedUp,
        login.body,
        (await shop.http('GET', '/api/v1/auth/client/profile', { cookie })).body,
        (await shop.http('GET', '/api/v1/auth/client/session', { cookie })).body,
        (await shop.http('PATCH', '/api/v1/auth/client/profile', { cookie, body: { firstName: 'Nadia' } })).body,
      ]
      for (const reply of replies) assert.deepEqual(Object.keys(reply.data.user).sort(), Object.keys(clientUser.shape).sort())
      const [row] = await shop.database.db.select({ passwordHash: clients.passwordHash }).from(clients).where(eq(clients.email, 'contract@example.dz'))
      const text = JSON.stringify(replies)
      assert.equal(text.includes(row!.passwordHash), false)
      assert.doesNotMatch(text, /passwordHash|argon2/)
    })

    test('a cookie-authenticated write from another origin is refused', async () => {
      const { cookie } = await signup('csrf@example.dz')
      const res = await shop.http('PATCH', '/api/v1/auth/client/profile', { cookie, body: { firstName: 'Evil' }, headers: { origin: 'https://evil.example' } })
      assert.equal(res.status, 403)
      assert.equal(res.body.code, 'CROSS_ORIGIN')
    })

    test('change password: the current one is checked, other sessions end, this one stays', async () => {
      const a = await signup('change@example.dz')
      const b = await shop.http('POST', '/api/v1/auth/client/login', { body: { email: 'change@example.dz', password } })
      const wrong = await shop.http('PATCH', '/api/v1/auth/client/change-password', {
        cookie: a.cookie,
        body: { currentPassword: 'not-it-at-all', newPassword: 'nouveau-mot-2026', confirmNewPassword: 'nouveau-mot-2026' },
      })
      assert.equal(wrong.body.code, 'WRONG_PASSWORD')
      const ok = await shop.http('PATCH', '/api/v1/auth/client/change-password', {
        cookie: a.cookie,
        body: { currentPassword: password, newPassword: 'nouveau-mot-2026', confirmNewPassword: 'nouveau-mot-2026' },
      })
      assert.equal(ok.status, 200)
      assert.equal((await shop.http('GET', '/api/v1/auth/client/profile', { cookie: a.cookie })).status, 200)
      assert.equal((await shop.http('GET', '/api/v1/auth/client/profile', { cookie: b.cookie })).status, 401)
    })

    test('password reset: same reply for unknown e-mails, 6-digit code by mail, 5 attempts, single use, sessions revoked', async () => {
      const { cookie } = await signup('reset@example.dz')
      const unknown = await shop.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: 'ghost@example.dz' } })
      const mailsBefore = shop.mails.length
      const known = await shop.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: 'reset@example.dz' } })
      assert.deepEqual(unknown.body, known.body)
      assert.equal(shop.mails.length, mailsBefore + 1)
      const code = /(\d{6})/.exec(shop.mails.at(-1)?.text ?? '')?.[1] as string
      assert.ok(code)
      const stored = await shop.database.db.execute(sql`select code_hash from password_reset_codes`)
      assert.ok(!JSON.stringify(stored).includes(code), 'only a hash of the code is stored')
      const verify = await shop.http('POST', '/api/v1/auth/client/verify-reset-code', { body: { email: 'reset@example.dz', resetCode: code } })
      assert.equal(verify.status, 200)
      const reset = await shop.http('POST', '/api/v1/auth/client/reset-password', {
        body: { email: 'reset@example.dz', resetCode: code, newPassword: 'encore-un-autre-2026', confirmPassword: 'encore-un-autre-2026' },
      })
      assert.equal(reset.status, 200)
      assert.equal((await shop.http('GET', '/api/v1/auth/client/profile', { cookie })).status, 401, 'sessions revoked')
      assert.equal(shop.mails.at(-1)?.to, 'reset@example.dz')
      assert.doesNotMatch(shop.mails.at(-1)?.text ?? '', /\d{6}/, 'the notice after the reset carries no code')
      const reuse = await shop.http('POST', '/api/v1/auth/client/reset-password', {
        body: { email: 'reset@example.dz', resetCode: code, newPassword: 'troisieme-2026-x', confirmPassword: 'troisieme-2026-x' },
      })
      assert.equal(reuse.body.code, 'RESET_CODE_INVALID')

      await shop.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: 'reset@example.dz' } })
      const fresh = /(\d{6})/.exec(shop.mails.at(-1)?.text ?? '')?.[1] as string
      const wrongCode = fresh === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) {
        const res = await shop.http('POST', '/api/v1/auth/client/verify-reset-code', { body: { email: 'reset@example.dz', resetCode: wrongCode } })
        assert.equal(res.body.code, 'RESET_CODE_INVALID')
      }
      const locked = await shop.http('POST', '/api/v1/auth/client/verify-reset-code', { body: { email: 'reset@example.dz', resetCode: fresh } })
      assert.equal(locked.body.code, 'RESET_CODE_INVALID', 'the right code no longer works after 5 wrong attempts')
    })

    test("a client lists only its own orders, filters them, and asks for a return once delivered", async () => {
      const a = await signup('orders-a@example.dz')
      const b = await signup('orders-b@example.dz')
      const commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
      const place = (cookie: string) =>
        shop.http('POST', '/api/v1/order/client', {
          cookie,
          body: {
            orderItems: [{ productId: shop.catalogue.scarf.id, quantity: 1 }],
            customerInfo: { firstName: 'Yacine', lastName: 'Mansouri', phone: randomPhone() },
            shippingAddress: { wilayaId: 16, communeId: commune, type: 'stopdesk' },
          },
        })
      const mine = await place(a.cookie)
      assert.equal(mine.status, 201)
      await place(b.cookie)
      const list = await shop.http('GET', '/api/v1/order/client?page=1&limit=10&status=Pending', { cookie: a.cookie })
      assert.equal(list.body.data.totalOrders, 1)
      assert.equal(list.body.data.orders[0]._id, mine.body.data.order._id)
      const none = await shop.http('GET', '/api/v1/order/client?status=delivered', { cookie: a.cookie })
      assert.equal(none.body.data.totalOrders, 0)
      const other = await shop.http('GET', `/api/v1/order/client/${mine.body.data.order._id}`, { cookie: b.cookie })
      assert.equal(other.status, 404)
      const early = await shop.http('POST', `/api/v1/order/client/${mine.body.data.order._id}/return`, { cookie: a.cookie, body: { reason: 'Too small' } })
      assert.equal(early.body.code, 'RETURN_NOT_ALLOWED')
      await shop.database.db.execute(sql`update orders set status = 'delivered' where id = ${mine.body.data.order._id}`)
      const ret = await shop.http('POST', `/api/v1/order/client/${mine.body.data.order._id}/return`, { cookie: a.cookie, body: { reason: 'Too small' } })
      assert.equal(ret.status, 201)
      assert.equal(ret.body.data.order.returnRequest.status, 'requested')
      const twice = await shop.http('POST', `/api/v1/order/client/${mine.body.data.order._id}/return`, { cookie: a.cookie, body: { reason: 'Again' } })
      assert.equal(twice.body.code, 'RETURN_NOT_ALLOWED')
      const profile = await shop.http('GET', '/api/v1/auth/client/profile', { cookie: a.cookie })
      assert.equal(profile.body.data.user.totalOrders, 1)
    })
  })
}
