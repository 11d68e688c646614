import assert from 'node:assert/strict'
import { CourierError, type CourierPlaceRef, type ParcelRequest } from '../courier.ts'
import type { FakeCommune } from '../fakes/communes.ts'

/** The CourierError a promise fails with (the test fails when it resolves or fails otherwise). */
export async function rejectionOf(promise: Promise<unknown>): Promise<CourierError> {
  try {
    await promise
  } catch (error) {
    assert.ok(error instanceof CourierError, `a CourierError, not ${String(error)}`)
    return error
  }
  assert.fail('expected a CourierError')
}

let sequence = 0

/** An order for a fake courier's commune, as shipping would hand it to the adapter. */
export function parcelFor(
  commune: FakeCommune | undefined,
  place: Partial<CourierPlaceRef> = {},
  overrides: Partial<ParcelRequest> = {},
): ParcelRequest {
  assert.ok(commune, 'the commune is in the fake list')
  return {
    reference: `KH-T${++sequence}`,
    firstName: 'Amine',
    lastName: 'Benali',
    phone: '0555123456',
    address: '12 rue Didouche Mourad',
    wilayaCode: commune.wilayaCode,
    wilayaNameFr: commune.wilayaName,
    communeNameFr: commune.name,
    place: {
      remoteId: commune.id,
      remoteName: commune.name,
      remoteWilaya: commune.wilayaName,
      remoteParentId: null,
      stopDeskId: null,
      ...place,
    },
    senderWilayaCode: 16,
    senderWilayaNameFr: 'Alger',
    deliveryType: 'domicil',
    codAmount: 4_900,
    products: [{ name: 'Derby cuir 42', quantity: 1, unitPrice: 4_500 }],
    notes: null,
    exchange: null,
    ...overrides,
  }
}
