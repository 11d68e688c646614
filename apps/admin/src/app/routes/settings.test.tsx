import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { OWNER, SHOP, SHOP_SETTINGS as SETTINGS } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

function stubSettings() {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/admin/settings': ({ method, body }) => ({ data: { settings: method === 'PATCH' ? { ...SETTINGS, ...(body as object) } : SETTINGS } }),
  })
}

describe('shop settings', () => {
  test('a shop phone "12345" is refused with a clear message and nothing is sent', async () => {
    const fetchMock = stubSettings()
    renderApp({ url: '/admin/settings', locale: 'fr' })
    const phone = await screen.findByLabelText('Téléphone')
    fireEvent.change(phone, { target: { value: '12345' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }))
    expect(await screen.findByText('Numéro algérien attendu : mobile 05/06/07XXXXXXXX ou fixe 0XX XX XX XX.')).toBeTruthy()
    expect(phone.getAttribute('aria-invalid')).toBe('true')
    expect(callsTo(fetchMock, '/admin/settings').filter((c) => c.method === 'PATCH')).toHaveLength(0)

    fireEvent.change(phone, { target: { value: '021 23 45 67' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/settings').filter((c) => c.method === 'PATCH')).toHaveLength(1))
    expect(screen.queryByText(/Numéro algérien attendu/)).toBeNull()
  })

  test('the logo picker states the 8 MB limit', async () => {
    stubSettings()
    renderApp({ url: '/admin/settings', locale: 'ar' })
    expect(await screen.findByText('JPEG أو PNG أو WebP، حتى 8 ميغابايت. تُصغَّر صور الهاتف الكبيرة قبل الإرسال.')).toBeTruthy()
  })
})
