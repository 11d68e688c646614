import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { auditLog, courierAccounts, courierPlaces, shipments } from '../../db/schema.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import type { CourierAdapter, CourierConnection, RemotePlace } from './courier.ts'
import { CourierError } from './courier.ts'

const ADMIN = '/api/v1/admin/couriers'
const TOKEN = 'yal-token-7f3e9a1c5b'
const API_ID = 'yal-id-4242'

/** The courier's list the in-test adapter answers with (a test sets it before a sync). */
let remotePlaces: RemotePlace[] = []
let placesFailure: Error | null = null
const connections: CourierConnection[] = []

/** An adapter standing for a courier: only its list of places matters here. */
function testAdapter(connection: CourierConnection): CourierAdapter {
  connections.push(connection)
  const unused = async (): Promise<never> => {
    throw new Error('not used in these tests')
  }
  return {
    engine: connection.engine,
    createParcels: unused,
    cancelParcel: unused,
    label: unused,
    events: unused,
    money: unused,
    fees: unused,
    places: async () => {
      if (placesFailure) throw placesFailure
      return remotePlaces
    },
  }
}

const place = (remoteId: string, remoteName: string, wilayaCode: number | null, extra: Partial<RemotePlace> = {}): RemotePlace => ({
  remoteId,
  remoteName,
  remoteWilaya: wilayaCode === null ? 'territory-x' : String(wilayaCode),
  remoteParentId: null,
  stopDeskId: null,
  hasStopDesk: false,
  wilayaCode,
  ...extra,
})

const yalidine = (extra: Record<string, unknown> = {}) => ({
  name: 'Yalidine',
  engine: 'yalidine',
  credentials: { apiId: API_ID, apiToken: TOKEN },
  webhookSecret: 'whsec-very-secret',
  senderWilayaCode: 16,
  ...extra,
})

for (const target of TEST_TARGETS) {
  describe(`courier accounts on ${target}`, () => {
    let shop: AdminShop
    const owner = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      shop.http(method, url, { cookie: shop.ownerCookie, ...(body === undefined ? {} : { body }), headers: { 'accept-language': 'en' } })
    const create = async (body: Record<string, unknown>) => {
      const res = await owner('POST', ADMIN, body)
      assert.equal(res.status, 201, JSON.stringify(res.body))
      return res.body.data.account as { _id: string; [key: string]: unknown }
    }

    before(async () => {
      shop = await startAdminShop(target, { createCourierAdapter: testAdapter })
    })
    after(async () => shop.close())

    test('credentials are kept encrypted and never sent back, in a reply or in the audit log', async () => {
      const account = await create(yalidine())
      assert.equal(account.baseUrl, 'https://api.yalidine.app/v1/')
      assert.deepEqual(account.credentialsSet, ['apiId', 'apiToken'])
      assert.equal(account.webhookSecretSet, true)
      const [row] = await shop.database.db.select().from(courierAccounts).where(eq(courierAccounts.id, account._id))
      assert.ok(row?.credentials.startsWith('v1:') && !row.credentials.includes(TOKEN))
      assert.ok(row?.webhookSecret?.startsWith('v1:'))

      // an update without credentials keeps them; the reply still says they are set
      const renamed = await owner('PUT', `${ADMIN}/${account._id}`, yalidine({ name: 'Yalidine Alger', credentials: undefined, webhookSecret: undefined }))
      assert.equal(renamed.status, 200)
      assert.deepEqual(renamed.body.data.account.credentialsSet, ['apiId', 'apiToken'])
      // a new token alone replaces that one field
      await owner('PUT', `${ADMIN}/${account._id}`, yalidine({ name: 'Yalidine Alger', credentials: { apiToken: 'rotated-token-1' } }))
      const directory = shop.app.couriers
      await directory.adapter(account._id)
      assert.deepEqual(connections.at(-1), { engine: 'yalidine', baseUrl: 'https://api.yalidine.app/v1/', credentials: { apiId: API_ID, apiToken: 'rotated-token-1' } })
      assert.equal(await directory.webhookSecret(account._id), 'whsec-very-secret')

      const list = await owner('GET', ADMIN)
      const audit = await shop.database.db.select().from(auditLog).where(eq(auditLog.kind, 'courier'))
      assert.ok(audit.length >= 3)
      for (const text of [JSON.stringify(list.body), JSON.stringify(renamed.body), JSON.stringify(audit)]) {
        for (const secret of [TOKEN, API_ID, 'rotated-token-1', 'whsec-very-secret']) assert.ok(!text.includes(secret), `${secret} leaked`)
      }
      assert.deepEqual(audit.find((line) => line.action === 'update' && (line.after as Record<string, unknown>).credentials)?.after, { credentials: 'changed' })
      await owner('DELETE', `${ADMIN}/${account._id}`)
    })

    test('each engine needs its own credentials and an Ecotrack courier its host', async () => {
      const res = await owner('POST', ADMIN, { name: 'DHD', engine: 'ecotrack', credentials: { apiToken: 'x' }, senderWilayaCode: 16 })
      assert.equal(res.status, 400)
      assert.equal(res.body.code, 'VALIDATION_FAILED')
      assert.deepEqual(res.body.errors.map((e: { field: string }) => e.field).sort(), ['baseUrl', 'credentials.token'])
      const zr = await create({ name: 'ZR', engine: 'zr', credentials: { tenant: 't-1', apiKey: 'k-1' }, senderWilayaCode: 31 })
      assert.equal(zr.baseUrl, 'https://api.zrexpress.app/api/v1')
      assert.equal(zr.webhookSecretSet, false)
      // changing the engine asks for the new engine's credentials
      const moved = await owner('PUT', `${ADMIN}/${zr._id}`, { name: 'ZR', engine: 'yalidine', credentials: { apiId: 'a' }, senderWilayaCode: 31 })
      assert.equal(moved.status, 400)
      assert.deepEqual(moved.body.errors.map((e: { field: string }) => e.field), ['credentials.apiToken'])
      const dhd = await create({ name: 'DHD', engine: 'ecotrack', baseUrl: 'https://dhd.ecotrack.dz/', credentials: { token: 'eco' }, senderWilayaCode: 16 })
      assert.equal(dhd.baseUrl, 'https://dhd.ecotrack.dz/')
      await owner('DELETE', `${ADMIN}/${zr._id}`)
      await owner('DELETE', `${ADMIN}/${dhd._id}`)
    })

    test('one default courier: making one the default takes it from the other', async () => {
      const a = await create(yalidine({ name: 'A', isDefault: true }))
      const b = await create(yalidine({ name: 'B', isDefault: true }))
      let accounts = (await owner('GET', ADMIN)).body.data.accounts as { _id: string; isDefault: boolean }[]
      assert.deepEqual(accounts.filter((x) => x.isDefault).map((x) => x._id), [b._id])
      await owner('PUT', `${ADMIN}/${a._id}`, yalidine({ name: 'A', isDefault: true }))
      accounts = (await owner('GET', ADMIN)).body.data.accounts
      assert.deepEqual(accounts.filter((x) => x.isDefault).map((x) => x._id), [a._id])
      const inactive = await owner('PUT', `${ADMIN}/${b._id}`, yalidine({ name: 'B', isDefault: true, active: false }))
      assert.equal(inactive.status, 400)
      // refused whole: A is still the default
      accounts = (await owner('GET', ADMIN)).body.data.accounts
      assert.deepEqual(accounts.filter((x) => x.isDefault).map((x) => x._id), [a._id])
      await owner('DELETE', `${ADMIN}/${a._id}`)
      await owner('DELETE', `${ADMIN}/${b._id}`)
    })

    test('an account with parcels cannot be deleted; it can be deactivated', async () => {
      const account = await create(yalidine({ name: 'With parcels' }))
      const order = await insertOrder(shop.database.db, [{ variantId: shop.catalogue.runner.variants[0]!.id, quantity: 1 }])
      await shop.database.db.insert(shipments).values({ orderId: order.id, accountId: account._id, tracking: 'yal-123', codAmount: 5400 })
      const res = await owner('DELETE', `${ADMIN}/${account._id}`)
      assert.equal(res.status, 409)
      assert.equal(res.body.code, 'COURIER_HAS_SHIPMENTS')
      assert.match(res.body.message, /Deactivate/)
      assert.equal((await shop.database.db.select().from(courierAccounts).where(eq(courierAccounts.id, account._id))).length, 1)
      const off = await owner('PUT', `${ADMIN}/${account._id}`, yalidine({ name: 'With parcels', active: false }))
      assert.equal(off.body.data.account.active, false)
      assert.equal(off.body.data.account.shipments, 1)
    })

    test('only the owner manages couriers: a manager and an agent are refused', async () => {
      const account = await create(yalidine({ name: 'Owner only' }))
      for (const cookie of [shop.staffCookie, shop.agentCookie]) {
        for (const [method, url, body] of [
          ['GET', ADMIN, undefined],
          ['POST', ADMIN, yalidine()],
          ['PUT', `${ADMIN}/${account._id}`, yalidine()],
          ['DELETE', `${ADMIN}/${account._id}`, undefined],
          ['GET', `${ADMIN}/wilaya-choices`, undefined],
          ['POST', `${ADMIN}/${account._id}/places/sync`, {}],
          ['GET', `${ADMIN}/${account._id}/places`, undefined],
        ] as const) {
          const res = await shop.http(method, url, { cookie, ...(body === undefined ? {} : { body }) })
          assert.equal(res.status, 403, `${method} ${url}`)
        }
      }
      assert.equal((await shop.http('GET', ADMIN)).status, 401)
      await owner('DELETE', `${ADMIN}/${account._id}`)
    })

    test('a sync matches places onto communes, leaves ambiguous ones, and keeps a manual match', async () => {
      const account = await create(yalidine({ name: 'Sync' }))
      remotePlaces = [
        place('1644', 'Ain Benian', 16),
        place('1613', 'El-Harrach', 16, { hasStopDesk: true, stopDeskId: 'desk-13' }),
        place('1630', 'Bordj-El-Kiffan', 16),
        place('4601', 'Aïn Témouchent', 46),
        place('1015', 'El Hacimia', 10),
        place('9999', 'Nowhere Town', 16),
      ]
      const first = await owner('POST', `${ADMIN}/${account._id}/places/sync`)
      assert.equal(first.status, 200, JSON.stringify(first.body))
      assert.deepEqual(first.body.data.sync, { total: 6, matched: 4, unmatched: 2, new: 6, removed: 0 })
      const rows = await shop.database.db.select().from(courierPlaces).where(eq(courierPlaces.accountId, account._id))
      const communeOf = (remoteId: string) => rows.find((r) => r.remoteId === remoteId)?.communeId
      assert.equal(communeOf('1644'), 1644)
      assert.equal(communeOf('1613'), 1613)
      assert.equal(communeOf('1630'), 1630)
      assert.equal(communeOf('4601'), 4601)
      assert.equal(communeOf('1015'), null)

      // unmatched places are listed for staff, with the communes no place covers
      const unmatched = await owner('GET', `${ADMIN}/${account._id}/places?filter=unmatched`)
      assert.deepEqual(unmatched.body.data.places.map((p: { remoteName: string }) => p.remoteName).sort(), ['El Hacimia', 'Nowhere Town'])
      const uncovered = unmatched.body.data.uncovered as { id: number }[]
      assert.ok(uncovered.some((c) => c.id === 1020) && !uncovered.some((c) => c.id === 1644))
      const searched = await owner('GET', `${ADMIN}/${account._id}/places?filter=all&q=harr`)
      assert.deepEqual(searched.body.data.places.map((p: { communeId: number }) => p.communeId), [1613])

      // staff match the ambiguous one by hand, and undo a wrong automatic one
      const hacimia = rows.find((r) => r.remoteId === '1015')!
      const manual = await owner('PUT', `${ADMIN}/${account._id}/places/${hacimia.id}`, { communeId: 1020 })
      assert.equal(manual.status, 200)
      assert.equal(manual.body.data.place.matchedBy, 'manual')
      const benian = rows.find((r) => r.remoteId === '1644')!
      await owner('PUT', `${ADMIN}/${account._id}/places/${benian.id}`, { communeId: null })
      const badCommune = await owner('PUT', `${ADMIN}/${account._id}/places/${benian.id}`, { communeId: 999_999 })
      assert.equal(badCommune.status, 400)

      // the courier renames a place and drops another: manual choices stay, the rest is matched again
      remotePlaces = [
        place('1644', 'Ain Benian', 16),
        place('1613', 'El Harrach', 16),
        place('1630', 'Bordj El Kiffan', 16),
        place('4601', 'Ain Temouchent', 46),
        place('1015', 'El Hacimia', 10),
        place('1651', 'Oulad Fayet', 16),
      ]
      const second = await owner('POST', `${ADMIN}/${account._id}/places/sync`)
      assert.deepEqual(second.body.data.sync, { total: 6, matched: 5, unmatched: 1, new: 1, removed: 1 })
      const again = await shop.database.db.select().from(courierPlaces).where(eq(courierPlaces.accountId, account._id))
      const after = (remoteId: string) => again.find((r) => r.remoteId === remoteId)
      assert.equal(after('1015')?.communeId, 1020)
      assert.equal(after('1015')?.matchedBy, 'manual')
      assert.equal(after('1644')?.communeId, null)
      assert.equal(after('1644')?.matchedBy, 'manual')
      assert.equal(after('1651')?.communeId, 1651)
      assert.equal(after('1613')?.hasStopDesk, false)
      assert.equal(again.length, 6)

      // the directory hands shipping the matched place
      assert.deepEqual(await shop.app.couriers.place(account._id, 1651), {
        remoteId: '1651',
        remoteName: 'Oulad Fayet',
        remoteWilaya: '16',
        remoteParentId: null,
        stopDeskId: null,
      })
      assert.equal(await shop.app.couriers.place(account._id, 1644), null)
      const listed = (await owner('GET', ADMIN)).body.data.accounts.find((a: { _id: string }) => a._id === account._id)
      assert.deepEqual(listed.places, { total: 6, matched: 5 })
      await owner('DELETE', `${ADMIN}/${account._id}`)
    })

    test("a courier's refusal or absence is a clear error and changes nothing", async () => {
      const account = await create(yalidine({ name: 'Failing' }))
      placesFailure = new CourierError('unauthorized', 'bad token')
      const refused = await owner('POST', `${ADMIN}/${account._id}/places/sync`)
      assert.equal(refused.status, 422)
      assert.equal(refused.body.code, 'COURIER_AUTH_FAILED')
      placesFailure = new CourierError('unavailable', 'down')
      const down = await owner('POST', `${ADMIN}/${account._id}/places/sync`)
      assert.equal(down.status, 503)
      assert.equal(down.body.code, 'COURIER_UNAVAILABLE')
      placesFailure = null
      const rows = await shop.database.db.select().from(courierPlaces).where(eq(courierPlaces.accountId, account._id))
      assert.equal(rows.length, 0)
      await owner('DELETE', `${ADMIN}/${account._id}`)
    })

    test("the directory sends a wilaya's parcels with its chosen courier, else the default one", async () => {
      const main = await create(yalidine({ name: 'Main', isDefault: true }))
      const east = await create({ name: 'East', engine: 'zr', credentials: { tenant: 't', apiKey: 'k' }, senderWilayaCode: 25 })
      const set = await owner('PUT', `${ADMIN}/wilaya-choices`, { choices: [{ wilayaCode: 25, accountId: east._id }, { wilayaCode: 23, accountId: east._id }] })
      assert.equal(set.status, 200)
      const choices = set.body.data.choices as { wilayaCode: number; accountId: string | null }[]
      assert.equal(choices.length, 58)
      assert.equal(choices.find((c) => c.wilayaCode === 25)?.accountId, east._id)
      assert.equal(choices.find((c) => c.wilayaCode === 16)?.accountId, null)

      const couriers = shop.app.couriers
      assert.equal((await couriers.accountFor(25))?.id, east._id)
      assert.equal((await couriers.accountFor(16))?.id, main._id)
      assert.deepEqual(await couriers.account(east._id), { id: east._id, name: 'East', engine: 'zr', senderWilayaCode: 25 })

      // back to the default for 23; an inactive chosen courier falls back to the default too
      await owner('PUT', `${ADMIN}/wilaya-choices`, { choices: [{ wilayaCode: 23, accountId: null }] })
      assert.equal((await couriers.accountFor(23))?.id, main._id)
      await owner('PUT', `${ADMIN}/${east._id}`, { name: 'East', engine: 'zr', senderWilayaCode: 25, active: false })
      assert.equal((await couriers.accountFor(25))?.id, main._id)

      // an unknown account is refused whole
      const unknown = await owner('PUT', `${ADMIN}/wilaya-choices`, {
        choices: [{ wilayaCode: 5, accountId: main._id }, { wilayaCode: 6, accountId: '00000000-0000-4000-8000-000000000000' }],
      })
      assert.equal(unknown.status, 400)
      assert.equal((await couriers.accountFor(5))?.id, main._id)
      const rows = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.kind, 'courier'), eq(auditLog.entity, 'courier_wilaya_choice')))
      assert.equal(rows.length, 2)

      // without a default, a wilaya without a choice has no courier
      await owner('PUT', `${ADMIN}/${main._id}`, yalidine({ name: 'Main', isDefault: false }))
      assert.equal(await couriers.accountFor(16), null)
    })
  })
}
