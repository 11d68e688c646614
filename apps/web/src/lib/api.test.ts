import { afterEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { stubApi } from '../test/stub-api.ts'
import { api, GUEST_SESSION_KEY, readGuestSessionId } from './api.ts'

const settingsReply = z.object({ settings: z.object({ phone: z.string() }) })
const SESSION = '6f1c2b9e-3a4d-4e5f-8a7b-1c2d3e4f5a6b'

describe('api() in the storefront', () => {
  afterEach(() => {
    document.documentElement.lang = ''
    window.localStorage.clear()
  })

  test('sends the page language and the guest session id, and returns the parsed data', async () => {
    document.documentElement.lang = 'fr'
    window.localStorage.setItem(GUEST_SESSION_KEY, SESSION)
    const fetchMock = stubApi({ '/settings': { data: { settings: { phone: '0555123456' } } } })
    await expect(api<typeof settingsReply>('/settings')).resolves.toEqual({ settings: { phone: '0555123456' } })
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers)
    expect(headers.get('Accept-Language')).toBe('fr')
    expect(headers.get('X-Session-Id')).toBe(SESSION)
  })

  test('a session id the server refuses is forgotten', async () => {
    window.localStorage.setItem(GUEST_SESSION_KEY, SESSION)
    stubApi({ '/cart': { status: 400, code: 'BAD_SESSION_ID' } })
    await expect(api('/cart')).rejects.toMatchObject({ code: 'BAD_SESSION_ID', status: 400 })
    expect(readGuestSessionId()).toBeNull()
  })

  test('a planted value is never sent as the session id', async () => {
    window.localStorage.setItem(GUEST_SESSION_KEY, "x' OR 1=1")
    const fetchMock = stubApi({ '/settings': { data: { settings: { phone: '0555123456' } } } })
    await api('/settings')
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('X-Session-Id')).toBeNull()
  })
})
