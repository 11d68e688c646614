import { fixture } from '@shop/client-kit'
import { adminOrderList, type BulkOrdersBody } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { AGENT, ORDER_ROW, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const LIST = fixture(adminOrderList, {
  orders: [
    ORDER_ROW,
    { ...ORDER_ROW, _id: 'o-2', trackingNumber: 'KH-240117-0043', status: 'shipped', source: 'whatsapp' },
  ],
  currentPage: 1,
  totalPages: 1,
  total: 2,
})

function stub(staff = OWNER) {
  return stubApi({
    '/admin/auth/me': { data: { staff } },
    '/settings': { data: SHOP },
    '/location/states': { data: { states: [], division: 58 } },
    '/admin/orders': { data: LIST },
    '/admin/staff/assignees': { data: { staff: [{ _id: 'a-1', name: 'Nadia Cherif', role: 'agent' }] } },
    // the second ticked order is kept on hold: the courier CSV leaves it out
    '/admin/orders/export-check': {
      data: {
        orders: [
          { _id: 'o-1', trackingNumber: 'KH-240117-0042', status: 'pending', included: true, reason: null },
          { _id: 'o-2', trackingNumber: 'KH-240117-0043', status: 'shipped', included: false, reason: 'on_hold' },
        ],
      },
    },
    '/admin/orders/bulk': ({ body }) => {
      const { ids } = body as BulkOrdersBody
      return {
        data: {
          results: ids.map((id) =>
            id === 'o-2'
              ? { id, trackingNumber: 'KH-240117-0043', ok: false, status: 'shipped', error: { code: 'STATUS_MOVE_NOT_ALLOWED', message: "Ce changement de statut n'est pas autorisé." } }
              : { id, trackingNumber: 'KH-240117-0042', ok: true, status: 'confirmed', error: null },
          ),
          okCount: ids.filter((id) => id !== 'o-2').length,
          failedCount: ids.filter((id) => id === 'o-2').length,
        },
      }
    },
  })
}

describe('bulk actions on the order list', () => {
  test('every order of the page ticked and confirmed: one result per order, the refusals listed with their reason', async () => {
    const fetchMock = stub()
    renderApp({ url: '/admin/orders', locale: 'fr' })
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choisir toutes les commandes de la page' }, { timeout: 5000 }))
    const bar = screen.getByRole('toolbar', { name: '2 commandes sélectionnées' })
    // the courier CSV of exactly the ticked orders
    expect(within(bar).getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe('/api/v1/admin/orders/export.csv?ids=o-1,o-2&lang=fr')
    // and which of them it will leave out, said before the download
    const leftOut = await screen.findByText(/1 commande cochée ne sera pas dans le CSV/)
    expect(leftOut.textContent).toContain('KH-240117-0043 (en attente de vérification)')
    expect(within(bar).getByRole('link', { name: 'Exporter en CSV' }).getAttribute('aria-describedby')).toBe(leftOut.id)
    fireEvent.click(within(bar).getByRole('button', { name: 'Confirmer' }))
    const result = await screen.findByRole('region', { name: 'Résultat' })
    expect(within(result).getByText('1 commande traitée')).toBeTruthy()
    expect(within(result).getByText('1 commande non modifiée :')).toBeTruthy()
    expect(within(result).getByRole('listitem').textContent).toContain("Ce changement de statut n'est pas autorisé.")
    expect(within(result).getByRole('listitem').textContent).toContain('KH-240117-0043')
    expect(callsTo(fetchMock, '/admin/orders/bulk').map((c) => c.body)).toEqual([{ action: 'confirm', ids: ['o-1', 'o-2'] }])
    // the order taken on WhatsApp says so in the list
    const table = screen.getByRole('table', { name: 'Liste des commandes' })
    expect(within(table).getByRole('rowheader', { name: /KH-240117-0043/ }).textContent).toContain('WhatsApp')
  }, 20_000)

  test('a move to a status offers only what the role may do: an agent is not offered delivered', async () => {
    const fetchMock = stub(AGENT)
    renderApp({ url: '/admin/orders', locale: 'fr' })
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choisir la commande \u2068KH-240117-0042\u2069' }, { timeout: 5000 }))
    const bar = screen.getByRole('toolbar', { name: '1 commande sélectionnée' })
    const target = within(bar).getByRole('combobox', { name: 'Passer à' })
    const offered = within(target).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)
    expect(offered).not.toContain('delivered')
    expect(offered).toContain('cancelled')
    // an agent does not export the courier CSV
    expect(within(bar).queryByRole('link', { name: 'Exporter en CSV' })).toBeNull()
    fireEvent.change(target, { target: { value: 'cancelled' } })
    fireEvent.click(within(bar).getByRole('button', { name: 'Appliquer' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders/bulk').map((c) => c.body)).toEqual([{ action: 'status', status: 'cancelled', ids: ['o-1'] }]))
  }, 20_000)

  test('a manager gives the ticked orders to an agent', async () => {
    const fetchMock = stub()
    renderApp({ url: '/admin/orders', locale: 'fr' })
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choisir la commande \u2068KH-240117-0042\u2069' }, { timeout: 5000 }))
    const bar = screen.getByRole('toolbar', { name: '1 commande sélectionnée' })
    const to = within(bar).getByRole('combobox', { name: 'Attribuer à' })
    await within(to).findByRole('option', { name: 'Nadia Cherif' })
    fireEvent.change(to, { target: { value: 'a-1' } })
    fireEvent.click(within(bar).getByRole('button', { name: 'Attribuer' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders/bulk').map((c) => c.body)).toEqual([{ action: 'assign', staffId: 'a-1', ids: ['o-1'] }]))
  }, 20_000)

  test('an agent is not offered to give orders to someone', async () => {
    stub(AGENT)
    renderApp({ url: '/admin/orders', locale: 'fr' })
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choisir la commande \u2068KH-240117-0042\u2069' }, { timeout: 5000 }))
    const bar = screen.getByRole('toolbar', { name: '1 commande sélectionnée' })
    expect(within(bar).queryByRole('combobox', { name: 'Attribuer à' })).toBeNull()
  }, 20_000)
})
