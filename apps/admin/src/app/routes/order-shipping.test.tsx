import { fixture } from '@shop/client-kit'
import { adminOrderList, orderShipmentsReply, type ShipReply } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { AGENT, ORDER_PAGE, ORDER_ROW, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, type StubHandler, stubApi } from '../../test/stub-api.ts'

const URL = '/admin/orders/o-1'
const ACCOUNTS = [
  { _id: 'acc-1', name: 'Yalidine', isDefault: true },
  { _id: 'acc-2', name: 'ZR Express', isDefault: false },
]
const PARCEL = {
  _id: 's-1',
  orderId: 'o-1',
  accountId: 'acc-1',
  accountName: 'Yalidine',
  kind: 'delivery' as const,
  tracking: 'yal-123456',
  status: 'failed_delivery' as const,
  statusRaw: 'Tentative échouée',
  failure: 'wrong_number' as const,
  codAmount: 9300,
  deliveryFee: null,
  returnFee: null,
  payoutStatus: 'not_ready' as const,
  cancellable: false,
  cancelledAt: null,
  createdAt: '2025-11-21T11:00:00.000Z',
  events: [
    { status: 'picked_up' as const, statusRaw: 'Ramassé', reason: null, failure: null, centre: 'Alger centre', occurredAt: '2025-11-21T12:00:00.000Z' },
    { status: 'failed_delivery' as const, statusRaw: 'Tentative échouée', reason: 'Faux numéro', failure: 'wrong_number' as const, centre: 'Bab Ezzouar', occurredAt: '2025-11-22T09:00:00.000Z' },
  ],
}
const withStatus = (status: 'confirmed' | 'processing' | 'delivered') => ({ ...ORDER_PAGE, order: { ...ORDER_PAGE.order, status }, allowedMoves: [] })

function stubOrder(status: 'confirmed' | 'processing' | 'delivered', overrides: Record<string, StubHandler> = {}, staff = OWNER) {
  return stubApi({
    '/admin/auth/me': { data: { staff } },
    '/settings': { data: SHOP },
    '/admin/orders/o-1': { data: withStatus(status) },
    ...overrides,
  })
}

describe('shipping panel of the order page', () => {
  test('a confirmed order is shipped with the chosen courier; a refusal says why (French)', async () => {
    let shipments: (typeof PARCEL)[] = []
    const fetchMock = stubOrder('confirmed', {
      '/admin/orders/o-1/shipments': () => ({ data: fixture(orderShipmentsReply, { shipments, accounts: ACCOUNTS }) }),
      '/admin/orders/o-1/ship': ({ body }) => {
        if ((body as { accountId?: string }).accountId === 'acc-2') {
          return { data: { results: [{ orderId: 'o-1', trackingNumber: 'KH-240117-0042', ok: false, tracking: null, reason: { code: 'COMMUNE_NOT_MATCHED', message: 'Le livreur ne connaît pas encore la commune.' } }], okCount: 0, failedCount: 1 } satisfies ShipReply }
        }
        shipments = [{ ...PARCEL, status: 'pending' as never, failure: null as never, cancellable: true as never, events: [] }]
        return { data: { results: [{ orderId: 'o-1', trackingNumber: 'KH-240117-0042', ok: true, tracking: 'yal-123456', reason: null }], okCount: 1, failedCount: 0 } satisfies ShipReply }
      },
    })
    renderApp({ url: URL, locale: 'fr' })
    const panel = await screen.findByRole('region', { name: 'Expédition' }, { timeout: 5000 })
    const courier = await within(panel).findByRole('combobox', { name: 'Livreur' })
    fireEvent.change(courier, { target: { value: 'acc-2' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Expédier avec le livreur' }))
    expect((await within(panel).findByRole('alert')).textContent).toContain('Le livreur ne connaît pas encore la commune.')
    fireEvent.change(courier, { target: { value: '' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Expédier avec le livreur' }))
    const parcel = await within(panel).findByRole('article', { name: 'Colis \u2068yal-123456\u2069' })
    expect(within(parcel).getByTestId('shipment-status').textContent).toBe('Enregistré chez le livreur')
    expect(within(parcel).getByRole('link', { name: 'Étiquette (PDF)' }).getAttribute('href')).toBe('/api/v1/admin/shipments/s-1/label')
    expect(within(parcel).getByRole('button', { name: 'Annuler le colis' })).toBeTruthy()
    // shipped once: no second ship button
    expect(within(panel).queryByRole('button', { name: 'Expédier avec le livreur' })).toBeNull()
    expect(callsTo(fetchMock, '/admin/orders/o-1/ship').map((c) => c.body)).toEqual([{ accountId: 'acc-2' }, {}])
  }, 20_000)

  test("the courier timeline shows the store's words, the courier's, the reason and the centre, newest first (Arabic)", async () => {
    stubOrder('processing', { '/admin/orders/o-1/shipments': { data: fixture(orderShipmentsReply, { shipments: [PARCEL], accounts: ACCOUNTS }) } })
    renderApp({ url: URL, locale: 'ar' })
    const panel = await screen.findByRole('region', { name: 'الشحن' }, { timeout: 5000 })
    const timeline = await within(panel).findByRole('list', { name: 'أخبار شركة التوصيل، الأحدث أولًا' })
    const items = within(timeline).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]?.textContent).toContain('فشلت محاولة التوصيل')
    expect(items[0]?.textContent).toContain('Faux numéro')
    expect(items[0]?.textContent).toContain('Bab Ezzouar')
    expect(items[1]?.textContent).toContain('استلمته شركة التوصيل')
    expect(within(panel).getByText(/رقم خاطئ/)).toBeTruthy()
    // picked up: it can no longer be cancelled, and the order is not offered to ship again
    expect(within(panel).queryByRole('button', { name: 'إلغاء الطرد' })).toBeNull()
    expect(within(panel).queryByRole('button', { name: 'شحن مع شركة التوصيل' })).toBeNull()
  }, 20_000)

  test('cancel before pickup asks first; a courier refusal is shown', async () => {
    const asked = vi.fn(() => true)
    window.confirm = asked
    const fetchMock = stubOrder('processing', {
      '/admin/orders/o-1/shipments': { data: fixture(orderShipmentsReply, { shipments: [{ ...PARCEL, status: 'pending', cancellable: true, events: [] }], accounts: ACCOUNTS }) },
      '/admin/shipments/s-1/cancel': { status: 422, code: 'COURIER_REJECTED', message: 'Le livreur a refusé : Colis déjà ramassé' },
    })
    renderApp({ url: URL, locale: 'fr' })
    const panel = await screen.findByRole('region', { name: 'Expédition' }, { timeout: 5000 })
    fireEvent.click(await within(panel).findByRole('button', { name: 'Annuler le colis' }))
    expect((await within(panel).findByRole('alert')).textContent).toBe('Le livreur a refusé : Colis déjà ramassé')
    expect(callsTo(fetchMock, '/admin/shipments/s-1/cancel')).toHaveLength(1)
    expect(asked).toHaveBeenCalledWith('Annuler le colis \u2068yal-123456\u2069 chez le livreur ?')
  }, 20_000)

  test('a delivered order gets an exchange parcel from a manager', async () => {
    const fetchMock = stubOrder('delivered', {
      '/admin/orders/o-1/shipments': { data: fixture(orderShipmentsReply, { shipments: [{ ...PARCEL, status: 'delivered' }], accounts: ACCOUNTS }) },
      '/admin/orders/o-1/exchange': { data: fixture(orderShipmentsReply, { shipments: [PARCEL], accounts: ACCOUNTS }) },
    })
    renderApp({ url: URL, locale: 'fr' })
    const panel = await screen.findByRole('region', { name: 'Expédition' }, { timeout: 5000 })
    fireEvent.click(await within(panel).findByRole('button', { name: "Colis d'échange" }))
    const form = within(panel).getByRole('form', { name: "Colis d'échange" })
    fireEvent.change(within(form).getByLabelText('Article à récupérer'), { target: { value: 'Derby 42' } })
    fireEvent.change(within(form).getByLabelText('Article à livrer'), { target: { value: 'Derby 43' } })
    fireEvent.change(within(form).getByLabelText('Montant à encaisser (DA)'), { target: { value: '400' } })
    fireEvent.click(within(form).getByRole('button', { name: "Envoyer le colis d'échange" }))
    await waitFor(() =>
      expect(callsTo(fetchMock, '/admin/orders/o-1/exchange').map((c) => c.body)).toEqual([{ productToCollect: 'Derby 42', products: 'Derby 43', codAmount: 400, note: null }]),
    )
  }, 20_000)

  test('an agent sees no exchange button', async () => {
    stubOrder('delivered', { '/admin/orders/o-1/shipments': { data: fixture(orderShipmentsReply, { shipments: [{ ...PARCEL, status: 'delivered' }], accounts: ACCOUNTS }) } }, AGENT)
    renderApp({ url: URL, locale: 'fr' })
    const panel = await screen.findByRole('region', { name: 'Expédition' }, { timeout: 5000 })
    await within(panel).findByRole('article', { name: 'Colis \u2068yal-123456\u2069' })
    expect(within(panel).queryByRole('button', { name: "Colis d'échange" })).toBeNull()
  }, 20_000)
})

describe('shipping from the order list', () => {
  test('the ticked orders are shipped with a result per order, and their labels print as one PDF', async () => {
    const list = fixture(adminOrderList, { orders: [ORDER_ROW, { ...ORDER_ROW, _id: 'o-2', trackingNumber: 'KH-240117-0043', status: 'confirmed' }], currentPage: 1, totalPages: 1, total: 2 })
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/location/states': { data: { states: [], division: 58 } },
      '/admin/orders': { data: list },
      '/admin/staff/assignees': { data: { staff: [] } },
      '/admin/shipments': {
        data: {
          results: [
            { orderId: 'o-1', trackingNumber: 'KH-240117-0042', ok: false, tracking: null, reason: { code: 'ORDER_ON_HOLD', message: 'Cette commande est en attente (risque très élevé).' } },
            { orderId: 'o-2', trackingNumber: 'KH-240117-0043', ok: true, tracking: 'yal-1', reason: null },
          ],
          okCount: 1,
          failedCount: 1,
        } satisfies ShipReply,
      },
    })
    renderApp({ url: '/admin/orders', locale: 'fr' })
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choisir toutes les commandes de la page' }, { timeout: 5000 }))
    const bar = screen.getByRole('toolbar', { name: '2 commandes sélectionnées' })
    expect(within(bar).getByRole('link', { name: 'Imprimer les étiquettes' }).getAttribute('href')).toBe('/api/v1/admin/shipments/labels?ids=o-1,o-2')
    fireEvent.click(within(bar).getByRole('button', { name: 'Expédier avec les livreurs' }))
    const result = await screen.findByRole('region', { name: 'Résultat' })
    expect(within(result).getByText('1 commande traitée')).toBeTruthy()
    expect(within(result).getByRole('listitem').textContent).toContain('KH-240117-0042')
    expect(within(result).getByRole('listitem').textContent).toContain('Cette commande est en attente')
    expect(callsTo(fetchMock, '/admin/shipments').map((c) => c.body)).toEqual([{ orderIds: ['o-1', 'o-2'] }])
  }, 20_000)

  test('"ship confirmed orders" asks first and lists the refusals; "refresh now" says what the couriers said', async () => {
    window.confirm = vi.fn(() => true)
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: AGENT } },
      '/settings': { data: SHOP },
      '/location/states': { data: { states: [], division: 58 } },
      '/admin/orders': { data: fixture(adminOrderList, { orders: [ORDER_ROW], currentPage: 1, totalPages: 1, total: 1 }) },
      '/admin/shipments': {
        data: {
          results: [
            { orderId: 'o-1', trackingNumber: 'KH-240117-0042', ok: false, tracking: null, reason: { code: 'NO_COURIER', message: 'Aucun compte de livreur ne dessert cette wilaya.' } },
            { orderId: 'o-5', trackingNumber: 'KH-240117-0050', ok: true, tracking: 'yal-9', reason: null },
          ],
          okCount: 1,
          failedCount: 1,
        } satisfies ShipReply,
      },
      '/admin/shipments/refresh': { data: { accounts: 2, shipments: 14, events: 5, failed: 1 } },
    })
    renderApp({ url: '/admin/orders', locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Expédier les commandes confirmées' }, { timeout: 5000 }))
    const result = await screen.findByRole('region', { name: "Résultat de l'expédition" })
    expect(within(result).getByText('Expédiées : 1 · non expédiées : 1')).toBeTruthy()
    expect(within(result).getByRole('listitem').textContent).toContain('Aucun compte de livreur ne dessert cette wilaya.')
    expect(callsTo(fetchMock, '/admin/shipments').map((c) => c.body)).toEqual([{ allConfirmed: true }])
    fireEvent.click(screen.getByRole('button', { name: 'Actualiser le suivi des livreurs' }))
    expect((await screen.findByText(/Colis vérifiés : 14/)).textContent).toBe('Colis vérifiés : 14 · nouvelles étapes : 5 Livreurs injoignables : 1')
  }, 20_000)
})
