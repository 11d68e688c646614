import { afterEach, describe, expect, test, vi } from 'vitest'
import { stubApi } from '../test/stub-api.ts'
import { ApiError, api } from './api.ts'

describe('api()', () => {
  afterEach(() => {
    document.documentElement.lang = ''
  })

  test('returns the data of a success and sends the page language and cookies', async () => {
    document.documentElement.lang = 'fr'
    const fetchMock = stubApi({ '/settings': { data: { settings: { phone: '0555123456' } } } })
    await expect(api('/settings')).resolves.toEqual({ settings: { phone: '0555123456' } })
    const init = fetchMock.mock.calls[0]?.[1]
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('fr')
    expect(init?.credentials).toBe('same-origin')
  })

  test('throws an ApiError with the code, status and message of a refusal', async () => {
    stubApi({ '/order/guest': { status: 422, code: 'OUT_OF_STOCK', message: 'Derby est épuisé.' } })
    const error = await api('/order/guest', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'OUT_OF_STOCK', status: 422, message: 'Derby est épuisé.' })
  })

  test('a network failure is a NETWORK_ERROR, not a crash', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await expect(api('/settings')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 })
  })

  test('a reply that is not the API envelope (a proxy error page) is an ApiError too', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })))
    await expect(api('/settings')).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 502 })
  })
})
