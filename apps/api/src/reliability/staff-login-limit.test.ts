import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createStaff } from '../modules/staff/staff.service.ts'
import { type Shop, startShop } from '../test/shop-fixture.ts'
import { TEST_TARGETS } from '../test/test-app.ts'

/** The back-office sign-in is throttled per address and per account like the shoppers' login, before any hashing. */

const PASSWORD = 'a-long-staff-password'
/** Statements that read a staff account (the sign-in looks the account up, then checks its password hash). */
const readsStaff = (sql: string) => /from "staff"/i.test(sql)

for (const target of TEST_TARGETS) {
  describe(`staff sign-in rate limit on ${target}`, () => {
    let shop: Shop
    let staffReads = 0
    before(async () => {
      shop = await startShop(target, { RATE_LIMIT_STAFF_LOGIN: '5/600' }, { onQuery: (sql) => void (readsStaff(sql) && staffReads++) })
      await createStaff(shop.database.db, { email: 'owner@test.dz', name: 'Owner', password: PASSWORD, role: 'owner' })
      await createStaff(shop.database.db, { email: 'staff@test.dz', name: 'Samir', password: PASSWORD, role: 'manager' })
    })
    after(async () => shop.close())

    const login = async (email: string, password: string, remoteAddress: string) => {
      const readsBefore = staffReads
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
        payload: JSON.stringify({ email, password }),
      })
      return { status: res.statusCode, body: res.json(), headers: res.headers, readStaff: staffReads > readsBefore }
    }

    test('wrong passwords are refused with 429 after the limit, the right one too; other accounts from other addresses still sign in', async () => {
      const wrong = []
      for (let n = 0; n < 5; n++) wrong.push(await login('owner@test.dz', `wrong-password-${n}`, '203.0.113.1'))
      assert.deepEqual(wrong.map((r) => r.status), Array(5).fill(401))

      const refused = []
      for (let n = 0; n < 5; n++) refused.push(await login('owner@test.dz', `wrong-password-x${n}`, '203.0.113.1'))
      assert.deepEqual(refused.map((r) => r.status), Array(5).fill(429), 'wrong passwords over the limit')
      for (const res of refused) {
        assert.equal(res.body.status, 'fail')
        assert.equal(res.body.code, 'TOO_MANY_REQUESTS')
        assert.ok(Number(res.headers['retry-after']) >= 1, 'Retry-After header')
      }
      // refused before the account is read, so before its password hash is checked: no Argon2 work on a refused try
      assert.deepEqual(wrong.map((r) => r.readStaff), Array(5).fill(true), 'a counted try reads the account')
      assert.deepEqual(refused.map((r) => r.readStaff), Array(5).fill(false), 'a refused try never reads the account')

      const right = await login('owner@test.dz', PASSWORD, '203.0.113.1')
      assert.equal(right.status, 429, 'the right password waits too, from that address')
      assert.equal(right.headers['set-cookie'], undefined, 'no session')
      assert.equal((await login('owner@test.dz', PASSWORD, '203.0.113.2')).status, 429, 'the account is over its limit from any address')
      assert.equal((await login('staff@test.dz', PASSWORD, '203.0.113.1')).status, 429, 'the address is over its limit for any account')
      const other = await login('STAFF@test.dz', PASSWORD, '203.0.113.3')
      assert.equal(other.status, 200, JSON.stringify(other.body))
      assert.equal(other.body.data.staff.email, 'staff@test.dz')
    })
  })
}
