import { afterEach, describe, expect, test, vi } from 'vitest'
import { stubApi } from '../test/stub-api.ts'
import { ApiError, api } from './api.ts'

describe('api()', () => {
  afterEach(() => {
    document.documentElement.lang = ''
  })

  test('returns the data of a success and sends the page language and cookies', async () => {
    document.documentElement.lang = 'fr'
    const fetchMock = stubApi({ '/admin/dashboard': { data: { ordersToday: 3 } } })
    await expect(api('/admin/dashboard')).resolves.toEqual({ ordersToday: 3 })
    const init = fetchMock.mock.calls[0]?.[1]
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('fr')
    expect(init?.credentials).toBe('same-origin')
  })

  test('throws an ApiError with the code, status, message and field errors of a refusal', async () => {
    stubApi({
      '/admin/auth/login': {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Certains champs sont invalides.',
        errors: [{ field: 'email', message: 'Adresse invalide.' }],
      },
    })
    const error = await api('/admin/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: 'Certains champs sont invalides.',
      fieldErrors: [{ field: 'email', message: 'Adresse invalide.' }],
    })
  })

  test('a body-less POST sends no JSON content type (the API would refuse an empty JSON body)', async () => {
    const fetchMock = stubApi({ '/admin/auth/logout': { data: {} } })
    await api('/admin/auth/logout', { method: 'POST' })
    const init = fetchMock.mock.calls[0]?.[1]
    expect(init?.body).toBeUndefined()
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false)
  })

  test('a network failure is a NETWORK_ERROR with no server message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await expect(api('/admin/auth/me')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0, message: '' })
  })

  test('a reply that is not the API envelope (a proxy error page) is an ApiError too', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })))
    await expect(api('/admin/auth/me')).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 502, message: '' })
  })
})
