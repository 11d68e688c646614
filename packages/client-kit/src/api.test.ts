import assert from 'node:assert/strict'
import { afterEach, describe, test } from 'node:test'
import { z } from 'zod'
import { ApiError, createApi } from './api.ts'

const realFetch = globalThis.fetch
let sent: { url: string; init: RequestInit }[] = []

function answer(reply: () => Response | Promise<Response>) {
  sent = []
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), init: init ?? {} })
    return reply()
  }
}

const settings = z.object({ phone: z.string() })

describe('createApi()', () => {
  afterEach(() => {
    globalThis.fetch = realFetch
  })

  test('returns the data of a success, parsed by its reply schema (undeclared fields dropped)', async () => {
    answer(() => Response.json({ status: 'success', data: { phone: '0555123456', secret: 'x' } }))
    const api = createApi({ headers: () => ({ 'X-Session-Id': 'abc' }) })
    assert.deepEqual(await api('/settings', settings), { phone: '0555123456' })
    assert.equal(sent[0]?.url, '/api/v1/settings')
    assert.equal(sent[0]?.init.credentials, 'same-origin')
    assert.equal(new Headers(sent[0]?.init.headers).get('X-Session-Id'), 'abc')
    assert.equal(new Headers(sent[0]?.init.headers).get('Accept-Language'), 'ar')
  })

  test('a reply that breaks its contract is an INTERNAL error, not a value with holes', async () => {
    answer(() => Response.json({ status: 'success', data: { telephone: '0555123456' } }))
    const logged: unknown[] = []
    const error = console.error
    console.error = (...args: unknown[]) => logged.push(args)
    try {
      await assert.rejects(createApi()('/settings', settings), (e: unknown) => e instanceof ApiError && e.code === 'INTERNAL')
    } finally {
      console.error = error
    }
    assert.equal(logged.length, 1)
  })

  test('a refusal is an ApiError with code, status, message and field errors, and the app hears the code', async () => {
    answer(() =>
      Response.json(
        { status: 'fail', code: 'VALIDATION_FAILED', message: 'Invalide.', errors: [{ field: 'phone', message: 'Numéro invalide.' }, 'junk'] },
        { status: 400 },
      ),
    )
    const refused: string[] = []
    const error = await createApi({ onRefusal: (code) => refused.push(code) })('/order/guest', settings, { method: 'POST', body: { a: 1 } }).catch((e: unknown) => e)
    assert.ok(error instanceof ApiError)
    assert.equal(error.code, 'VALIDATION_FAILED')
    assert.equal(error.status, 400)
    assert.equal(error.message, 'Invalide.')
    assert.deepEqual(error.fieldErrors, [{ field: 'phone', message: 'Numéro invalide.' }])
    assert.deepEqual(refused, ['VALIDATION_FAILED'])
    assert.equal(new Headers(sent[0]?.init.headers).get('Content-Type'), 'application/json')
    assert.equal(sent[0]?.init.body, '{"a":1}')
  })

  test('no reply is a NETWORK_ERROR, and the app hears of it', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')))
    let noReply = 0
    await assert.rejects(createApi({ onNoReply: () => noReply++ })('/settings', settings), { code: 'NETWORK_ERROR', status: 0, message: '' })
    assert.equal(noReply, 1)
  })

  test('a page that is not the API envelope (a proxy error) is UNAVAILABLE', async () => {
    answer(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    await assert.rejects(createApi()('/settings', settings), { code: 'UNAVAILABLE', status: 502 })
  })

  test('a FormData body is sent as is, the browser writing its multipart header', async () => {
    answer(() => Response.json({ status: 'success', data: null }))
    const form = new FormData()
    form.set('file', 'x')
    await createApi()('/admin/media', z.null(), { method: 'POST', body: form })
    assert.equal(sent[0]?.init.body, form)
    assert.equal(new Headers(sent[0]?.init.headers).get('Content-Type'), null)
  })
})
