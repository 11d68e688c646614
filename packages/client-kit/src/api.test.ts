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

  test('returns the data of a success, with the headers the app adds', async () => {
    answer(() => Response.json({ status: 'success', data: { phone: '0555123456' } }))
    const api = createApi({ headers: () => ({ 'X-Session-Id': 'abc' }) })
    assert.deepEqual(await api<typeof settings>('/settings'), { phone: '0555123456' })
    assert.equal(sent[0]?.url, '/api/v1/settings')
    assert.equal(sent[0]?.init.credentials, 'same-origin')
    assert.equal(new Headers(sent[0]?.init.headers).get('X-Session-Id'), 'abc')
    assert.equal(new Headers(sent[0]?.init.headers).get('Accept-Language'), 'ar')
  })

  test('a refusal is an ApiError with code, status, message and field errors, and the app hears the code', async () => {
    answer(() =>
      Response.json(
        { status: 'fail', code: 'VALIDATION_FAILED', message: 'Invalide.', errors: [{ field: 'phone', message: 'Numéro invalide.' }, 'junk'] },
        { status: 400 },
      ),
    )
    const refused: string[] = []
    const error = await createApi({ onRefusal: (code) => refused.push(code) })('/order/guest', { method: 'POST', body: { a: 1 } }).catch((e: unknown) => e)
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
    await assert.rejects(createApi({ onNoReply: () => noReply++ })('/settings'), { code: 'NETWORK_ERROR', status: 0, message: '' })
    assert.equal(noReply, 1)
  })

  test('a page that is not the API envelope (a proxy error) is UNAVAILABLE', async () => {
    answer(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    await assert.rejects(createApi()('/settings'), { code: 'UNAVAILABLE', status: 502 })
  })

  test('a FormData body is sent as is, the browser writing its multipart header', async () => {
    answer(() => Response.json({ status: 'success', data: null }))
    const form = new FormData()
    form.set('file', 'x')
    await createApi()('/admin/media', { method: 'POST', body: form })
    assert.equal(sent[0]?.init.body, form)
    assert.equal(new Headers(sent[0]?.init.headers).get('Content-Type'), null)
  })
})
