import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

for (const target of TEST_TARGETS) {
  describe(`forgot-password does the same work for any e-mail on ${target}`, () => {
    let shop: Shop
    let recording: string[] | null = null
    before(async () => {
      shop = await startShop(target, {}, { onQuery: (query) => recording?.push(query) })
      await shop.http('POST', '/api/v1/auth/client/signup', {
        body: { firstName: 'Karim', lastName: 'Saadi', email: 'karim@example.dz', password: 'tassili-n-ajjer' },
      })
    })
    after(async () => shop.close())

    /** The statements one forgot-password request sends, in order (their text: parameters aside). */
    async function statementsOf(email: string): Promise<string[]> {
      recording = []
      const res = await shop.http('POST', '/api/v1/auth/client/forgot-password', { body: { email } })
      const sent = recording
      recording = null
      assert.equal(res.status, 200)
      return sent
    }

    test('an e-mail with an account and one without run the very same statements', async () => {
      const known = await statementsOf('karim@example.dz')
      const unknown = await statementsOf('nobody-at-all@example.dz')
      assert.ok(known.length >= 4, `the known path looks up, invalidates and writes a code: ${known.length}`)
      assert.deepEqual(unknown, known)
      // both wrote one code row; only the account's can ever be used
      const rows = (await shop.database.db.execute(sql`select client_id from password_reset_codes`)) as unknown as { rows: { client_id: string | null }[] }
      assert.equal(rows.rows.length, 2)
      assert.equal(rows.rows.filter((r) => r.client_id === null).length, 1)
    })

    test('the reply does not wait for the mail: a mail server that never answers changes nothing', async () => {
      const realSend = shop.app.mailer.send
      let release = () => {}
      const pending = new Promise<void>((resolve) => {
        release = resolve
      })
      let started = 0
      shop.app.mailer.send = async () => {
        started++
        await pending
      }
      try {
        const res = await Promise.race([
          shop.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: 'karim@example.dz' } }),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the reply waited for the mail')), 3_000)),
        ])
        assert.equal(res.status, 200)
        for (let i = 0; i < 50 && started === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
        assert.equal(started, 1, 'the mail is still sent, after the reply')
      } finally {
        release()
        shop.app.mailer.send = realSend
      }
    })

    test('the mailed code works, and the row written for an unknown e-mail opens nothing', async () => {
      const before = shop.mails.length
      await shop.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: 'karim@example.dz' } })
      for (let i = 0; i < 50 && shop.mails.length === before; i++) await new Promise((resolve) => setTimeout(resolve, 10))
      const code = /(\d{6})/.exec(shop.mails.at(-1)?.text ?? '')?.[1] as string
      const ok = await shop.http('POST', '/api/v1/auth/client/verify-reset-code', { body: { email: 'karim@example.dz', resetCode: code } })
      assert.equal(ok.status, 200)
      await shop.http('POST', '/api/v1/auth/client/forgot-password', { body: { email: 'ghost@example.dz' } })
      const ghost = await shop.http('POST', '/api/v1/auth/client/verify-reset-code', { body: { email: 'ghost@example.dz', resetCode: code } })
      assert.equal(ghost.body.code, 'RESET_CODE_INVALID')
    })
  })
}
