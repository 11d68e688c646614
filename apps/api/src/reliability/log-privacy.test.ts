import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { loggerOptions } from '../http/logger.ts'
import { createStaff } from '../modules/staff/staff.service.ts'
import { randomPhone, type Shop, startShop } from '../test/shop-fixture.ts'
import { TEST_TARGETS } from '../test/test-app.ts'

/**
 * Failed queries and a failing rate-limit store are logged without the customer's data: no SQL
 * parameters (name, phone, address), no full phone number or e-mail in a rate-limit key.
 */
for (const target of TEST_TARGETS) {
  describe(`error logs hold no personal data on ${target}`, () => {
    let shop: Shop
    let app: FastifyInstance
    let commune: number
    let logged = ''
    before(async () => {
      shop = await startShop(target)
      commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
      await createStaff(shop.database.db, { email: 'karima.bouzid@test.dz', name: 'Karima', password: 'a-long-staff-password', role: 'owner' })
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: shop.config.dataDir, ...Object.fromEntries(['LOGIN', 'STAFF_LOGIN', 'SIGNUP', 'PASSWORD_RESET', 'TRACKING', 'COUPON', 'ORDER', 'ORDER_ADDRESS'].map((n) => [`RATE_LIMIT_${n}`, '1000/60'])) })
      app = await buildApp({ config, database: shop.database, logger: loggerOptions('info', { write: (line: string) => void (logged += line) }) })
    })
    after(async () => {
      await app.close()
      await shop.close()
    })

    const failWith = async (table: string, errcode: string) => {
      await shop.database.db.execute(
        sql.raw(`create or replace function test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the test' using errcode = '${errcode}'; end $$`),
      )
      await shop.database.db.execute(sql.raw(`create trigger test_refuse before insert or update on ${table} for each row execute function test_refuse()`))
      return async () => void (await shop.database.db.execute(sql.raw(`drop trigger test_refuse on ${table}`)))
    }
    const order = (phone: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/order/guest',
        headers: { 'content-type': 'application/json' },
        payload: {
          orderItems: [{ productId: shop.catalogue.scarf.id, quantity: 1 }],
          customerInfo: { firstName: 'Yasmine', lastName: 'Khelifa', phone, email: 'yasmine.khelifa@example.dz' },
          shippingAddress: { wilayaId: 16, communeId: commune, type: 'domicil', address: '27 boulevard Zighout Youcef' },
        },
      })

    test('a failed order insert is logged with its error code, without the name, phone, e-mail or address', async () => {
      const phone = randomPhone()
      logged = ''
      const restore = await failWith('orders', 'P0001')
      try {
        const res = await order(phone)
        assert.equal(res.statusCode, 500, res.body)
      } finally {
        await restore()
      }
      assert.match(logged, /unhandled error/)
      for (const secret of [phone, phone.slice(2), 'Yasmine', 'Khelifa', 'yasmine.khelifa', 'Zighout']) {
        assert.ok(!logged.includes(secret), `"${secret}" found in the logs:\n${logged}`)
      }
      assert.match(logged, /P0001/, 'the database error code is logged')
    })

    test('a failing rate-limit store is logged with masked keys: no full phone or e-mail', async () => {
      const phone = randomPhone()
      logged = ''
      const restore = await failWith('rate_limits', '57P01')
      try {
        assert.equal((await order(phone)).statusCode, 503)
        const tracking = await app.inject({ method: 'POST', url: '/api/v1/tracking', headers: { 'content-type': 'application/json' }, payload: { phoneNumber: phone } })
        assert.equal(tracking.statusCode, 503)
        const login = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/client/login',
          headers: { 'content-type': 'application/json' },
          payload: { email: 'nour.saidi@example.dz', password: 'wrong-password' },
        })
        assert.equal(login.statusCode, 503)
        const staff = await app.inject({
          method: 'POST',
          url: '/api/v1/admin/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: { email: 'karima.bouzid@test.dz', password: 'a-long-staff-password' },
        })
        assert.equal(staff.statusCode, 503)
      } finally {
        await restore()
      }
      assert.equal((logged.match(/unhandled error/g) ?? []).length, 4, logged)
      for (const secret of [phone, phone.slice(2), 'Yasmine', 'Khelifa', 'yasmine.khelifa', 'Zighout', 'nour.saidi', 'karima.bouzid', 'wrong-password', 'a-long-staff-password', '127.0.0.1']) {
        assert.ok(!logged.includes(secret), `"${secret}" found in the logs:\n${logged}`)
      }
      assert.match(logged, /57P01/, 'the database error code is logged')
      assert.match(logged, /TRACKING:phone:0\d•+\d\d/, 'the key is logged with the phone masked')
      assert.match(logged, /LOGIN:email:n\*\*\*@example\.dz/, 'the key is logged with the e-mail masked')
    })
  })
}
