import { configure, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { SETTINGS, trackedOrderOf } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { type FakeHandler, routeApi } from '../../test/route-api.ts'
import { cartOf } from '../../test/cart-fixtures.ts'

// Lazy route chunks load on first use: under a full parallel run the first screen can take over 1 s.
configure({ asyncUtilTimeout: 4000 })

const ORDER = trackedOrderOf()

function trackingApi(tracking: FakeHandler, details?: FakeHandler) {
  return routeApi({
    '/settings': { data: { settings: SETTINGS } },
    'GET /auth/client/session': { data: { user: null } },
    'GET /cart/guest': { data: { cart: cartOf([], null), sessionId: null } },
    'POST /tracking': tracking,
    ...(details ? { 'POST /tracking/o1': details } : {}),
  })
}

async function search(phone: string) {
  fireEvent.change(await screen.findByLabelText('Numéro de téléphone'), { target: { value: phone } })
  fireEvent.click(screen.getByRole('button', { name: 'Suivre' }))
}

describe('tracking', () => {
  test('asks for exactly 10 digits before searching', async () => {
    const api = trackingApi({ data: { orders: [] } })
    renderApp({ path: '/tracking', locale: 'fr' })
    await search('05512')
    expect(screen.getByText('Veuillez saisir un numéro valide à 10 chiffres.')).toBeTruthy()
    expect(api.calls('POST /tracking')).toHaveLength(0)
  })

  test('lists the orders with the total converted from hundredths, and the details timeline', async () => {
    const api = trackingApi({ data: { orders: [ORDER] } }, { data: { order: { ...ORDER, items: [{ product: { name: '', image: null }, quantity: 2, price: 2700, size: '42', color: 'black' }], history: [{ status: 'pending', date: '2026-11-20T10:00:00.000Z' }] } } })
    renderApp({ path: '/tracking', locale: 'fr' })
    await search('0551 23 45 67')
    expect(await screen.findByText('KH7Q2M9X4A')).toBeTruthy()
    expect(api.calls('POST /tracking')[0]?.body).toEqual({ phoneNumber: '0551234567' })
    expect(screen.getAllByText('6 100 DA').length).toBeGreaterThan(0)
    fireEvent.click(screen.getByRole('button', { name: 'Voir détails' }))
    const dialog = await screen.findByRole('dialog', { name: 'Détails de la commande', hidden: true })
    expect(await within(dialog).findByText('Produit')).toBeTruthy()
    // Shipped: the next step, out for delivery, is the one in progress.
    const current = dialog.querySelector('[data-state="current"]')
    expect(current?.textContent).toContain('En cours de livraison')
    expect(within(dialog).getAllByText('5 400 DA').length).toBeGreaterThan(0)
  })

  test("the details show the courier's news in the shopper's language, newest first, with the centre", async () => {
    const courier = [
      { status: 'picked_up', occurredAt: '2026-11-21T08:00:00.000Z', centre: 'Alger centre' },
      { status: 'failed_delivery', occurredAt: '2026-11-22T09:00:00.000Z', centre: 'Bab Ezzouar' },
    ]
    trackingApi({ data: { orders: [ORDER] } }, { data: { order: { ...ORDER, items: [], history: [], courier } } })
    renderApp({ path: '/tracking', locale: 'fr' })
    await search('0551234567')
    fireEvent.click(await screen.findByRole('button', { name: 'Voir détails' }))
    const dialog = await screen.findByRole('dialog', { name: 'Détails de la commande', hidden: true })
    const section = await within(dialog).findByRole('region', { name: 'Suivi du livreur', hidden: true })
    const items = within(section).getAllByRole('listitem', { hidden: true })
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual(['Tentative de livraison échouée', 'Colis pris en charge par le livreur'])
    expect(items[0]?.textContent).toContain('Bab Ezzouar')
  })

  test('an empty list and a 404 both show the no-orders message; New search clears the field', async () => {
    trackingApi({ status: 404, code: 'NOT_FOUND' })
    renderApp({ path: '/tracking', locale: 'fr' })
    await search('0551234567')
    expect(await screen.findByText('Aucune commande trouvée pour ce numéro de téléphone')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Nouvelle recherche' }))
    expect((screen.getByLabelText('Numéro de téléphone') as HTMLInputElement).value).toBe('')
  })

  test('a server error shows the spec message with a way to try another number', async () => {
    trackingApi({ status: 500, code: 'INTERNAL' })
    renderApp({ path: '/tracking', locale: 'fr' })
    await search('0551234567')
    expect(await screen.findByText('Erreur du serveur. Veuillez réessayer plus tard')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Essayer un autre numéro' })).toBeTruthy()
  })
})
