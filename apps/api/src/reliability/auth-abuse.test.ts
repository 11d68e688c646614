import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { clients, passwordResetCodes, sessions } from '../db/schema.ts'
import { type Shop, startShop } from '../test/shop-fixture.ts'
import { TEST_TARGETS } from '../test/test-app.ts'
import { fingerprint } from './db-state.ts'

/** docs/reliability-test-plan.md B4 (tests 34-39): brute force, reset codes, sessions, CSRF, IDOR and the password rule. */

const PASSWORD = 'a-long-password-1'
let counter = 0
const email = (label: string) => `${label}${Date.now()}${counter++}@test.dz`

async function signup(shop: Shop, address: string, password = PASSWORD, headers: Record<string, string> = {}) {
  const res = await shop.http('POST', '/api/v1/auth/client/signup', { body: { firstName: 'Sara', lastName: 'Haddad', email: address, password }, headers })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.cookie
}
const login = (shop: Shop, address: string, password: string, headers: Record<string, string> = {}, cookie?: string) =>
  shop.http('POST', '/api/v1/auth/client/login', { body: { email: address, password }, headers, ...(cookie ? { cookie } : {}) })
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

for (const target of TEST_TARGETS) {
  describe(`B4 auth abuse on ${target}`, () => {
    let shop: Shop
    before(async () => {
      shop = await startShop(target)
    })
    after(async () => shop.close())

    test('34. login throttled per account and per address; spoofed X-Forwarded-For changes nothing; no lockout after the window', async () => {
      const limited = await startShop(target, { RATE_LIMIT_LOGIN: '10/3' })
      try {
        const victim = email('victim')
        await signup(limited, victim)
        const statuses: number[] = []
        for (let n = 0; n < 20; n++) statuses.push((await login(limited, victim, `wrong-password-${n}`, { 'x-forwarded-for': `203.0.113.${n}` })).status)
        assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401))
        assert.deepEqual(statuses.slice(10), Array(10).fill(429), 'per account and address, whatever X-Forwarded-For says')
        const right = await login(limited, victim, PASSWORD)
        assert.equal(right.status, 429, 'even the right password waits for the window')
        assert.ok(Number(right.headers['retry-after']) >= 1)
        await new Promise((resolve) => setTimeout(resolve, 3_200))
        // spraying: many accounts, one password, one address
        const spray: number[] = []
        for (let n = 0; n < 15; n++) spray.push((await login(limited, `nobody${n}@test.dz`, 'Summer2024!', { 'x-forwarded-for': `198.51.100.${n}` })).status)
        assert.deepEqual(spray.slice(10), Array(5).fill(429), 'per address across accounts')
        await new Promise((resolve) => setTimeout(resolve, 3_200))
        assert.equal((await login(limited, victim, PASSWORD)).status, 200, 'the owner gets in after the window: no permanent lockout')
      } finally {
        await limited.close()
      }
    })

    test('34b. unknown e-mail and wrong password: identical status and body, medians within 50 ms', async () => {
      const known = email('known')
      await signup(shop, known)
      const unknownReplies: string[] = []
      const wrongReplies: string[] = []
      const unknownTimes: number[] = []
      const wrongTimes: number[] = []
      for (let n = 0; n < 50; n++) {
        // alternate so that machine load affects both sides alike
        let started = performance.now()
        const a = await login(shop, `unknown${n}@test.dz`, 'some-password-x')
        unknownTimes.push(performance.now() - started)
        started = performance.now()
        const b = await login(shop, known, 'some-password-x')
        wrongTimes.push(performance.now() - started)
        unknownReplies.push(`${a.status} ${JSON.stringify(a.body)}`)
        wrongReplies.push(`${b.status} ${JSON.stringify(b.body)}`)
      }
      assert.deepEqual(new Set(unknownReplies), new Set(wrongReplies))
      assert.equal(new Set(unknownReplies).size, 1)
      const gap = Math.abs(median(unknownTimes) - median(wrongTimes))
      assert.ok(gap < 50, `medians ${median(unknownTimes).toFixed(1)} / ${median(wrongTimes).toFixed(1)} ms`)
    })

    test('35. reset codes: 5 wrong tries kill the code, a new request kills the old one, 10 minutes, one use, same reply for unknown e-mails', async () => {
      const address = email('reset')
      const first = await signup(shop, address)
      const second = (await login(shop, address, PASSWORD)).cookie
      const requestCode = async () => {
        const res = await shop.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: address } })
        assert.equal(res.status, 200)
        return /\d{6}/.exec(shop.mails.at(-1)?.text ?? '')?.[0] as string
      }
      const unknown = await shop.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: 'nobody-here@test.dz' } })
      const known = await shop.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: address } })
      assert.deepEqual([unknown.status, unknown.body], [known.status, known.body], 'same reply whether or not the account exists')
      const [stored] = await shop.database.db.select().from(passwordResetCodes).orderBy(sql`${passwordResetCodes.createdAt} desc`).limit(1)
      assert.match(stored?.codeHash ?? '', /^[0-9a-f]{64}$/, 'stored hashed')

      // five wrong attempts across both routes kill the code
      let code = await requestCode()
      const wrong = code === '000000' ? '111111' : '000000'
      for (let n = 0; n < 5; n++) {
        const route = n % 2 ? 'reset-password' : 'verify-reset-code'
        const res = await shop.http('POST', `/api/v1/auth/client/${route}`, { body: { email: address, resetCode: wrong, newPassword: 'another-password-2', confirmPassword: 'another-password-2' } })
        assert.equal(res.status, 422)
      }
      assert.equal((await shop.http('POST', '/api/v1/auth/client/verify-reset-code', { body: { email: address, resetCode: code } })).body.code, 'RESET_CODE_INVALID')

      // a new request kills the previous code
      const old = await requestCode()
      code = await requestCode()
      if (old !== code) assert.equal((await shop.http('POST', '/api/v1/auth/client/verify-reset-code', { body: { email: address, resetCode: old } })).status, 422)

      // 10 minutes: move the code's clock back
      await shop.database.db.execute(sql`update password_reset_codes set expires_at = now() - interval '1 second' where used_at is null`)
      assert.equal((await shop.http('POST', '/api/v1/auth/client/verify-reset-code', { body: { email: address, resetCode: code } })).status, 422)

      // 20 concurrent resets with one valid code: one success
      code = await requestCode()
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_v, n) =>
          shop.http('POST', '/api/v1/auth/client/reset-password', { body: { email: address, resetCode: code, newPassword: `new-password-${n}x`, confirmPassword: `new-password-${n}x` } }),
        ),
      )
      assert.equal(replies.filter((r) => r.status === 200).length, 1)
      assert.ok(replies.filter((r) => r.status !== 200).every((r) => r.body.code === 'RESET_CODE_INVALID'))
      const winner = replies.findIndex((r) => r.status === 200)
      assert.equal(replies[winner]?.cookie ?? '', '', 'no automatic sign-in')
      // every session of the account is revoked
      for (const cookie of [first, second]) assert.equal((await shop.http('GET', '/api/v1/auth/client/profile', { cookie })).status, 401)
      assert.equal((await login(shop, address, `new-password-${winner}x`)).status, 200)
    })

    test('35b. forgot-password is capped per e-mail and per address', async () => {
      const limited = await startShop(target, { RATE_LIMIT_PASSWORD_RESET: '3/600' })
      try {
        const statuses: number[] = []
        for (let n = 0; n < 5; n++) statuses.push((await limited.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: 'someone@test.dz' } })).status)
        assert.deepEqual(statuses, [200, 200, 200, 429, 429])
        const other = await limited.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: 'else@test.dz' } })
        assert.equal(other.status, 429, 'the address is over its cap too')
      } finally {
        await limited.close()
      }
    })

    test('36. sessions: renewed at login (no fixation), dead after logout, other sessions end on password change; cookie flags', async () => {
      const address = email('fix')
      const planted = await signup(shop, address)
      const relogged = await login(shop, address, PASSWORD, {}, planted)
      assert.equal(relogged.status, 200)
      assert.notEqual(relogged.cookie, planted, 'a new session id at login')
      assert.equal((await shop.http('GET', '/api/v1/auth/client/profile', { cookie: planted })).status, 401, 'the pre-login id is dead')
      const invented = await login(shop, address, PASSWORD, {}, 'shop_session=attacker-chosen-value')
      assert.ok(!invented.cookie.includes('attacker-chosen-value'))

      const other = (await login(shop, address, PASSWORD)).cookie
      const logout = await shop.http('POST', '/api/v1/auth/client/logout', { cookie: other })
      assert.equal(logout.status, 200)
      assert.equal((await shop.http('GET', '/api/v1/auth/client/profile', { cookie: other })).status, 401, 'replayed after logout')

      const phone = (await login(shop, address, PASSWORD)).cookie
      const change = await shop.http('PATCH', '/api/v1/auth/client/change-password', {
        cookie: relogged.cookie,
        body: { currentPassword: PASSWORD, newPassword: 'changed-password-3', confirmNewPassword: 'changed-password-3' },
      })
      assert.equal(change.status, 200)
      assert.equal((await shop.http('GET', '/api/v1/auth/client/profile', { cookie: phone })).status, 401, 'other sessions end')
      assert.equal((await shop.http('GET', '/api/v1/auth/client/profile', { cookie: relogged.cookie })).status, 200, 'the current one stays')

      const secureShop = await startShop(target, { PUBLIC_URL: 'https://shop.example.dz' })
      try {
        const res = await secureShop.http('POST', '/api/v1/auth/client/signup', { body: { firstName: 'Sara', lastName: 'Haddad', email: email('flags'), password: PASSWORD } })
        const header = String(res.headers['set-cookie'])
        assert.match(header, /HttpOnly/i)
        assert.match(header, /Secure/i)
        assert.match(header, /SameSite=Lax/i)
        assert.match(header, /Path=\//)
        assert.ok(!JSON.stringify(res.body).includes(header.split(';')[0]?.split('=')[1] as string), 'the token is not in the body')
      } finally {
        await secureShop.close()
      }
    })

    test('37. CSRF: cross-site writes with the cookie are 403; form and text bodies refused; no CORS reflection; GET logout from another site does nothing', async () => {
      const address = email('csrf')
      const cookie = await signup(shop, address)
      const guestId = (await shop.guestSession())
      const writes: [string, string, unknown][] = [
        ['PATCH', '/api/v1/auth/client/change-password', { currentPassword: PASSWORD, newPassword: 'evil-password-9', confirmNewPassword: 'evil-password-9' }],
        ['PATCH', '/api/v1/auth/client/profile', { firstName: 'Evil' }],
        ['POST', '/api/v1/order/client', { orderItems: [{ productId: shop.catalogue.scarf.id, quantity: 1 }] }],
        ['DELETE', '/api/v1/cart/client/clear', undefined],
        ['POST', '/api/v1/cart/merge', { sessionId: guestId }],
        ['POST', '/api/v1/coupons/client/apply', { couponCode: 'TEN' }],
        ['POST', '/api/v1/cart/client/add', { productId: shop.catalogue.scarf.id, quantity: 1 }],
      ]
      const before = await fingerprint(shop.database.db)
      for (const [method, url, body] of writes) {
        for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Record<string, string>[]) {
          const res = await shop.http(method as 'POST', url, { cookie, headers: { ...headers, 'x-session-id': guestId }, ...(body !== undefined ? { body } : {}) })
          assert.equal(res.status, 403, `${method} ${url} ${JSON.stringify(headers)}`)
          assert.equal(res.body.code, 'CROSS_ORIGIN')
        }
        // what an HTML form can send (POST, form or text body) is refused even without an Origin header
        if (method !== 'POST') continue
        for (const contentType of ['application/x-www-form-urlencoded', 'text/plain']) {
          const res = await shop.app.inject({ method: method as 'POST', url, headers: { cookie, 'content-type': contentType }, payload: 'a=1' })
          assert.ok([400, 403, 415].includes(res.statusCode), `${method} ${url} as ${contentType}: ${res.statusCode}`)
        }
      }
      const cross = await shop.http('GET', '/api/v1/auth/client/logout', { cookie, headers: { 'sec-fetch-site': 'cross-site' } })
      assert.equal(cross.status, 403)
      assert.deepEqual(await fingerprint(shop.database.db), before, 'nothing changed')
      assert.equal((await shop.http('GET', '/api/v1/auth/client/profile', { cookie })).status, 200, 'still signed in')
      const same = await shop.http('PATCH', '/api/v1/auth/client/profile', { cookie, headers: { origin: 'https://shop.example.dz', host: 'shop.example.dz' }, body: { firstName: 'Sarah' } })
      assert.equal(same.status, 200, 'same-origin writes pass')
      for (const method of ['OPTIONS', 'GET'] as const) {
        const res = await shop.app.inject({ method, url: '/api/v1/auth/client/profile', headers: { cookie, origin: 'https://evil.example', 'access-control-request-method': 'PATCH' } })
        assert.equal(res.headers['access-control-allow-origin'], undefined)
        assert.equal(res.headers['access-control-allow-credentials'], undefined)
      }
    })

    test('38. IDOR: carts, orders and merges of others are out of reach', async () => {
      const a = await signup(shop, email('a'))
      const b = await signup(shop, email('b'))
      const added = await shop.http('POST', '/api/v1/cart/client/add', { cookie: a, body: { productId: shop.catalogue.scarf.id, quantity: 1 } })
      const itemOfA = added.body.data.cart.items[0]._id
      const order = await shop.http('POST', '/api/v1/order/client', {
        cookie: a,
        body: {
          orderItems: [{ productId: shop.catalogue.scarf.id, quantity: 1 }],
          customerInfo: { firstName: 'Sara', lastName: 'Haddad', phone: '0551234567' },
          shippingAddress: { wilayaId: 16, communeId: (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id, type: 'stopdesk' },
        },
      })
      assert.equal(order.status, 201, JSON.stringify(order.body))
      const orderOfA = order.body.data.order._id
      const before = await fingerprint(shop.database.db)
      assert.equal((await shop.http('PATCH', `/api/v1/cart/client/item/${itemOfA}`, { cookie: b, body: { quantity: 3 } })).status, 404)
      assert.equal((await shop.http('DELETE', `/api/v1/cart/client/item/${itemOfA}`, { cookie: b })).status, 404)
      assert.equal((await shop.http('GET', `/api/v1/order/client/${orderOfA}`, { cookie: b })).status, 404)
      assert.equal((await shop.http('POST', `/api/v1/order/client/${orderOfA}/return`, { cookie: b, body: { reason: 'not mine at all' } })).status, 404)
      assert.equal((await shop.http('GET', `/api/v1/order/guest/${orderOfA}`, { headers: { 'x-session-id': crypto.randomUUID() } })).status, 404)
      // guests
      const x = (await shop.guestSession())
      const y = (await shop.guestSession())
      const itemOfY = (await shop.http('POST', '/api/v1/cart/guest/add', { headers: { 'x-session-id': y }, body: { productId: shop.catalogue.scarf.id, quantity: 2 } })).body.data.cart.items[0]._id
      const afterY = await fingerprint(shop.database.db)
      assert.equal((await shop.http('PATCH', `/api/v1/cart/guest/item/${itemOfY}`, { headers: { 'x-session-id': x }, body: { quantity: 5 } })).status, 404)
      assert.equal((await shop.http('DELETE', `/api/v1/cart/guest/item/${itemOfY}`, { headers: { 'x-session-id': x } })).status, 404)
      // no X-Session-Id: the first add issues a new session of its own (never someone else's cart)
      const first = await shop.http('POST', '/api/v1/cart/guest/add', { body: { productId: shop.catalogue.scarf.id, quantity: 1 } })
      assert.equal(first.status, 200, 'X-Session-Id missing: a new session')
      assert.ok(![x, y].includes(first.body.data.sessionId))
      assert.equal(first.body.data.cart.cartCount, 1)
      assert.equal((await shop.http('POST', '/api/v1/cart/guest/add', { headers: { 'x-session-id': 'abc' }, body: { productId: shop.catalogue.scarf.id, quantity: 1 } })).status, 400, 'not a UUID')
      const random = await shop.http('GET', '/api/v1/cart/guest', { headers: { 'x-session-id': crypto.randomUUID() } })
      assert.equal(random.body.data.cart.items.length, 0, 'a random id sees an empty cart')
      // merge: someone else's session id without presenting it → 403; twice → no doubled quantities
      assert.equal((await shop.http('POST', '/api/v1/cart/merge', { cookie: b, body: { sessionId: y } })).status, 403)
      assert.equal((await shop.http('POST', '/api/v1/cart/merge', { cookie: b, headers: { 'x-session-id': x }, body: { sessionId: y } })).status, 403)
      // coupon apply takes no order id: one sent is ignored and only the caller's own cart counts
      const apply = await shop.http('POST', '/api/v1/coupons/client/apply', { headers: { 'x-session-id': x }, body: { couponCode: 'TEN', orderId: orderOfA } })
      assert.equal(apply.body.data.appliedDiscount, 0)
      void afterY
      const merged = await shop.http('POST', '/api/v1/cart/merge', { cookie: b, headers: { 'x-session-id': y }, body: { sessionId: y } })
      assert.equal(merged.status, 200)
      const again = await shop.http('POST', '/api/v1/cart/merge', { cookie: b, headers: { 'x-session-id': y }, body: { sessionId: y } })
      assert.equal(again.body.data.cart.items[0].quantity, 2, 'merged once')
      // after logout, the old guest id shows nothing of the client's cart
      await shop.http('POST', '/api/v1/auth/client/logout', { cookie: b })
      const stale = await shop.http('GET', '/api/v1/cart/guest', { headers: { 'x-session-id': y } })
      assert.notEqual(stale.body.data.sessionId, y)
      assert.equal(stale.body.data.cart.items.length, 0)
      void before
    })

    test('39. password rule: 8 characters on sign-up, change and reset; long passwords exact; common ones refused; Argon2id hash', async () => {
      const refusedSignup = await shop.http('POST', '/api/v1/auth/client/signup', { body: { firstName: 'Sara', lastName: 'Haddad', email: email('short'), password: 'seven77' } })
      assert.equal(refusedSignup.status, 400)
      for (const common of ['password', '12345678', 'azerty123', 'Password1', 'qwertyuiop']) {
        const res = await shop.http('POST', '/api/v1/auth/client/signup', { body: { firstName: 'Sara', lastName: 'Haddad', email: email('common'), password: common } })
        assert.equal(res.status, 400, common)
      }
      const address = email('policy')
      const long = `${'x'.repeat(72)}-first-ending`
      const cookie = await signup(shop, address, long)
      assert.equal((await login(shop, address, `${'x'.repeat(72)}-other-ending`)).status, 401, 'no truncation at 72 bytes')
      assert.equal((await login(shop, address, long)).status, 200)
      const change = await shop.http('PATCH', '/api/v1/auth/client/change-password', { cookie, body: { currentPassword: long, newPassword: 'seven77', confirmNewPassword: 'seven77' } })
      assert.equal(change.status, 400)
      await shop.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: address } })
      const code = /\d{6}/.exec(shop.mails.at(-1)?.text ?? '')?.[0]
      const reset = await shop.http('POST', '/api/v1/auth/client/reset-password', { body: { email: address, resetCode: code, newPassword: 'seven77', confirmPassword: 'seven77' } })
      assert.equal(reset.status, 400)
      const [row] = await shop.database.db.select({ hash: clients.passwordHash }).from(clients).where(eq(clients.email, address))
      const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row?.hash ?? '')
      assert.ok(params, row?.hash)
      const [m, t] = [Number(params[1]), Number(params[2])]
      assert.ok((m >= 19_456 && t >= 2) || (m >= 47_104 && t >= 1), `m=${m} t=${t}`)
      const live = await shop.database.db.select().from(sessions).where(sql`${sessions.clientId} is not null`)
      assert.ok(live.every((s) => s.tokenHash.length === 64), 'session tokens stored as SHA-256 only')
    })
  })
}
