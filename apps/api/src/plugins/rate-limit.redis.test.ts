import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { Redis } from 'ioredis'
import { redisStore } from './rate-limit.ts'

// Runs where a Redis answers (REDIS_URL, or the local one CI and the developers' machines start).
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

async function reachable(): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 })
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

if (await reachable()) {
  describe('rate-limit counters in Redis', () => {
    const prefix = `shop-test-rl-${process.pid}-${Date.now()}:`
    const store = redisStore(url, prefix)
    const raw = new Redis(url)
    after(async () => {
      const keys = await raw.keys(`${prefix}*`)
      if (keys.length > 0) await raw.del(...keys)
      raw.disconnect()
      await store.close()
    })

    test('every counter key carries its expiry from its first hit, and is gone by itself after the window', async () => {
      for (let i = 1; i <= 3; i++) assert.equal((await store.hit('LOGIN:ip:a', 1)).count, i)
      const ttl = await raw.pttl(`${prefix}rl:LOGIN:ip:a`)
      assert.ok(ttl > 0 && ttl <= 1000, `expiry set: ${ttl}`)
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      assert.equal(await raw.exists(`${prefix}rl:LOGIN:ip:a`), 0, 'expired on its own')
      assert.equal((await store.hit('LOGIN:ip:a', 1)).count, 1, 'a new window starts at 1')
    })

    test('a counter left without an expiry gets one at its next hit', async () => {
      await raw.set(`${prefix}rl:LOGIN:ip:b`, 7)
      assert.equal(await raw.pttl(`${prefix}rl:LOGIN:ip:b`), -1)
      assert.equal((await store.hit('LOGIN:ip:b', 60)).count, 8)
      assert.ok((await raw.pttl(`${prefix}rl:LOGIN:ip:b`)) > 0)
    })
  })
}
