import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { createCourierAdapter } from '../adapters/index.ts'
import { parcelFor } from '../adapters/test-support.ts'
import { fakeCommunes, fakeWilayas } from './communes.ts'
import { type FakeCouriers, startFakeCouriers } from './fake-couriers.ts'

let fakes: FakeCouriers
before(async () => {
  fakes = await startFakeCouriers()
})
after(async () => fakes.close())

test('each engine end to end through createCourierAdapter: ship, then delivered on the courier timeline', async () => {
  const algiersZr = fakeWilayas().find((w) => w.code === 16)?.uuid ?? null
  const runs = [
    { engine: 'yalidine', commune: fakes.yalidine.communes, parent: null, deliver: (t: string) => fakes.yalidine.advance(t, 'Livré') },
    { engine: 'ecotrack', commune: fakes.ecotrack.communes, parent: null, deliver: (t: string) => fakes.ecotrack.advance(t, 'livred') },
    { engine: 'zr', commune: fakes.zr.communes, parent: algiersZr, deliver: (t: string) => fakes.zr.advance(t, 'delivered') },
  ] as const
  for (const run of runs) {
    const adapter = createCourierAdapter(fakes.connections[run.engine])
    const commune = run.commune.find((c) => c.storeId === 1601)
    const [created] = await adapter.createParcels([parcelFor(commune, { remoteParentId: run.parent })])
    assert.ok(created, run.engine)
    run.deliver(created.tracking)
    const events = await adapter.events([{ tracking: created.tracking, externalId: created.externalId }])
    assert.equal(events.at(-1)?.status, 'delivered', run.engine)
    assert.equal(events.at(-1)?.tracking, created.tracking, run.engine)
  }
})

test('the fakes spell communes their own way, from the store reference', () => {
  const yalidine = fakeCommunes('yalidine')
  const ecotrack = fakeCommunes('ecotrack')
  const zr = fakeCommunes('zr')
  assert.equal(yalidine.length, 1541)
  assert.ok(yalidine.every((c) => /^\d+$/.test(c.id)))
  assert.ok(ecotrack.every((c) => /^\d+$/.test(c.id)))
  assert.ok(zr.every((c) => /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/.test(c.id)))
  assert.ok(yalidine.some((c) => c.name.includes('Aïn')))
  assert.ok(yalidine.some((c) => /\w-\w/.test(c.name)))
  // the two lists differ on some names, as two couriers' lists do
  assert.ok(yalidine.some((c, i) => c.name !== ecotrack[i]?.name))
  assert.equal(new Set(yalidine.filter((c) => c.hasStopDesk).map((c) => c.wilayaCode)).size, 58)
})
