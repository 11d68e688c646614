import assert from 'node:assert/strict'
import { test } from 'node:test'
import { COURIER_ENGINES } from '@shop/shared'
import { CourierError } from '../courier.ts'
import { createCourierAdapter } from './index.ts'

const CREDENTIALS = { apiId: 'id', apiToken: 'token', token: 'token', tenant: 'tenant', apiKey: 'key' }

test('every engine has its adapter', () => {
  for (const engine of COURIER_ENGINES) {
    const adapter = createCourierAdapter({ engine, baseUrl: 'http://127.0.0.1:9/', credentials: CREDENTIALS })
    assert.equal(adapter.engine, engine)
  }
  const webhooks = COURIER_ENGINES.filter(
    (engine) => createCourierAdapter({ engine, baseUrl: 'http://127.0.0.1:9/', credentials: CREDENTIALS }).webhook,
  )
  assert.deepEqual(webhooks, ['yalidine', 'zr'])
})

test('an account without its credentials is unauthorized at once', () => {
  for (const engine of COURIER_ENGINES) {
    assert.throws(
      () => createCourierAdapter({ engine, baseUrl: 'http://127.0.0.1:9/', credentials: {} }),
      (error) => error instanceof CourierError && error.code === 'unauthorized',
    )
  }
})

test('a courier that cannot be reached is unavailable (worth retrying later)', async () => {
  const down = createCourierAdapter(
    { engine: 'ecotrack', baseUrl: 'http://127.0.0.1:9/', credentials: CREDENTIALS },
    { timeoutMs: 2_000 },
  )
  await assert.rejects(down.fees(16), (error) => error instanceof CourierError && error.code === 'unavailable' && error.retryable)
})
