import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CourierError } from '../courier.ts'
import { algiersTime, CourierHttp, courierMessage, waitHint } from './http.ts'

/** A fetch that answers from a list of replies, in order, and counts its calls. */
function scripted(replies: (() => Response)[]) {
  const calls: string[] = []
  const fetchFn: typeof fetch = async (input) => {
    calls.push(String(input))
    const next = replies.shift()
    if (!next) throw new Error('no more replies')
    return next()
  }
  return { calls, fetchFn }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

function client(fetchFn: typeof fetch, waits: number[] = [], timeoutMs?: number) {
  return new CourierHttp({
    courier: 'Test',
    baseUrl: 'http://127.0.0.1:1/api/',
    headers: { 'x-key': 'k' },
    fetch: fetchFn,
    options: { sleep: async (ms) => void waits.push(ms), retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 2_000 }, timeoutMs },
  })
}

test('HTTP failures become CourierErrors: 5xx unavailable, 4xx rejected with the courier message, 403 unauthorized', async () => {
  const { fetchFn } = scripted([
    json(502, { message: 'Bad gateway' }),
    json(422, { message: 'The given data was invalid.', errors: { telephone: ['invalid'] } }),
    json(403, { message: 'Forbidden' }),
  ])
  const http = client(fetchFn)
  const codeOf = async (promise: Promise<unknown>) =>
    promise.then(
      () => assert.fail('expected a failure'),
      (error: unknown) => {
        assert.ok(error instanceof CourierError)
        return [error.code, error.message] as const
      },
    )
  assert.equal((await codeOf(http.json('GET', 'a')))[0], 'unavailable')
  const [code, message] = await codeOf(http.json('GET', 'b'))
  assert.equal(code, 'rejected')
  assert.match(message, /telephone: invalid/)
  assert.equal((await codeOf(http.json('GET', 'c')))[0], 'unauthorized')
})

test('a courier that does not answer in time is unavailable', async () => {
  // like a real request, a pending one keeps the process alive (the timeout's own timer does not)
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      const alive = setInterval(() => undefined, 1_000)
      init?.signal?.addEventListener('abort', () => {
        clearInterval(alive)
        reject(init.signal?.reason)
      })
    })
  await assert.rejects(
    client(hanging, [], 20).json('GET', 'slow'),
    (error) => error instanceof CourierError && error.code === 'unavailable' && /in time/.test(error.message),
  )
})

test('a spent quota shown on a good reply makes the next call wait instead of earning a 429', async () => {
  const { calls, fetchFn } = scripted([json(200, { ok: 1 }, { 'x-second-quota-left': '0' }), json(200, { ok: 2 })])
  const waits: number[] = []
  const http = client(fetchFn, waits)
  assert.deepEqual(await http.json('GET', 'one'), { ok: 1 })
  assert.deepEqual(waits, [])
  assert.deepEqual(await http.json('GET', 'two', { query: { tracking: 'a,b' } }), { ok: 2 })
  assert.equal(waits.length, 1)
  assert.ok((waits[0] ?? 0) > 0 && (waits[0] ?? 0) <= 1_000)
  assert.deepEqual(calls, ['http://127.0.0.1:1/api/one', 'http://127.0.0.1:1/api/two?tracking=a%2Cb'])
})

test('the credentials never leave for another host (a label link)', async () => {
  const seen: Record<string, string>[] = []
  const fetchFn: typeof fetch = async (_input, init) => {
    seen.push(Object.fromEntries(Object.entries(init?.headers ?? {})))
    return new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 })
  }
  const http = client(fetchFn)
  await http.bytes('label')
  await http.bytes('https://labels.example/1.pdf')
  assert.equal(seen[0]?.['x-key'], 'k')
  assert.equal(seen[1]?.['x-key'], undefined)
})

test('wait hints, messages and Algiers times', () => {
  assert.equal(waitHint(new Headers({ 'retry-after': '3' })), 3_000)
  assert.equal(waitHint(new Headers({ 'x-second-quota-left': '0', 'x-minute-quota-left': '0' })), 60_000)
  assert.equal(waitHint(new Headers({ 'x-second-quota-left': '2' })), null)
  assert.equal(courierMessage({ error: { message: 'Invalid API credentials' } }), 'Invalid API credentials')
  assert.equal(courierMessage(null), null)
  assert.equal(algiersTime('2026-11-20 09:01:00')?.toISOString(), '2026-11-20T08:01:00.000Z')
  assert.equal(algiersTime('2026-11-20', '14:30')?.toISOString(), '2026-11-20T13:30:00.000Z')
  assert.equal(algiersTime('2026-11-20T13:30:00Z')?.toISOString(), '2026-11-20T13:30:00.000Z')
  assert.equal(algiersTime('yesterday'), null)
})
