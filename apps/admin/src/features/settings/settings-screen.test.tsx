import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { FIGURES, OWNER, SHOP, SHOP_SETTINGS as SETTINGS } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

describe('settings: order limits', () => {
  test('the owner sees the limits and saves new ones as numbers (Arabic)', async () => {
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/admin/dashboard': { data: FIGURES },
      '/settings': { data: SHOP },
      '/admin/settings': ({ method, body }) => ({ data: { settings: method === 'PATCH' ? { ...SETTINGS, ...(body as object) } : SETTINGS } }),
    })
    renderApp({ url: '/admin/settings', locale: 'ar' })
    expect(await screen.findByRole('heading', { name: 'حدود الطلب' })).toBeTruthy()
    const line = screen.getByLabelText('أقصى عدد من القطع للمنتج الواحد في الطلب') as HTMLInputElement
    const order = screen.getByLabelText('أقصى عدد من القطع في الطلب') as HTMLInputElement
    const open = screen.getByLabelText('أقصى عدد من الطلبات غير المؤكدة لرقم الهاتف الواحد') as HTMLInputElement
    expect([line.value, order.value, open.value]).toEqual(['10', '20', '3'])
    fireEvent.change(line, { target: { value: '5' } })
    fireEvent.change(open, { target: { value: '2' } })
    fireEvent.click(screen.getByRole('button', { name: /حفظ/ }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/settings').some((c) => c.method === 'PATCH')).toBe(true))
    const sent = callsTo(fetchMock, '/admin/settings').find((c) => c.method === 'PATCH')?.body as Record<string, unknown>
    expect([sent.maxLineQuantity, sent.maxOrderQuantity, sent.maxOpenOrdersPerPhone]).toEqual([5, 20, 2])
  })

  test('a refusal of the server is shown under its field', async () => {
    stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/admin/dashboard': { data: FIGURES },
      '/settings': { data: SHOP },
      '/admin/settings': ({ method }) =>
        method === 'PATCH'
          ? { status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'maxOrderQuantity', message: 'Le maximum par commande ne peut pas être inférieur au maximum par article (10).' }] }
          : { data: { settings: SETTINGS } },
    })
    renderApp({ url: '/admin/settings', locale: 'fr' })
    const order = (await screen.findByLabelText('Unités au plus par commande')) as HTMLInputElement
    fireEvent.change(order, { target: { value: '4' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }))
    expect(await screen.findByText('Le maximum par commande ne peut pas être inférieur au maximum par article (10).')).toBeTruthy()
  })

  test('the risk rules: the amount, the orders in 24 hours and what each level does are saved (French)', async () => {
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/admin/dashboard': { data: FIGURES },
      '/settings': { data: SHOP },
      '/admin/settings': ({ method, body }) => ({ data: { settings: method === 'PATCH' ? { ...SETTINGS, ...(body as object) } : SETTINGS } }),
    })
    renderApp({ url: '/admin/settings', locale: 'fr' })
    const amount = (await screen.findByLabelText('Montant qui demande une livraison antérieure', undefined, { timeout: 5000 })) as HTMLInputElement
    expect(amount.value).toBe('15000')
    fireEvent.change(amount, { target: { value: '12000' } })
    fireEvent.click(screen.getByLabelText("Les numéros fiables peuvent sauter l'appel"))
    fireEvent.change(screen.getByLabelText('Commandes à risque très élevé'), { target: { value: 'refuse' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/settings').some((c) => c.method === 'PATCH')).toBe(true))
    const sent = callsTo(fetchMock, '/admin/settings').find((c) => c.method === 'PATCH')?.body as Record<string, unknown>
    expect([sent.riskHighAmount, sent.riskRecentOrders, sent.riskTrustedMaySkipCall, sent.riskHighMustCall, sent.riskVeryHighAction]).toEqual([12000, 3, false, true, 'refuse'])
  })
})
