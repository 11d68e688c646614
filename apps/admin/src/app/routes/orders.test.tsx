import { fixture } from '@shop/client-kit'
import { formatPrice, wilayasReply } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { ORDER_LIST, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { stubApi } from '../../test/stub-api.ts'

const WILAYAS = fixture(wilayasReply, {
  states: [
    { _id: 16, code: '16', name: 'Alger', nameAr: 'الجزائر', nameFr: 'Alger' },
    { _id: 31, code: '31', name: 'Oran', nameAr: 'وهران', nameFr: 'Oran' },
  ],
  division: 58,
})

function stubOrders() {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/location/states': { data: WILAYAS },
    '/admin/orders': { data: ORDER_LIST },
  })
}

/** The query strings of every list request, parsed, in the order they were sent. */
function listQueries(fetchMock: ReturnType<typeof stubApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/admin/orders')
    .map((url) => url.searchParams)
}

describe('orders list', () => {
  test('shows each order with its number, customer, status and total (French)', async () => {
    stubOrders()
    renderApp({ url: '/admin/orders', locale: 'fr' })
    // the first test of the file also waits for the lazy orders route to load (slow on a busy machine)
    const table = await screen.findByRole('table', { name: 'Liste des commandes' }, { timeout: 5000 })
    const row = within(table).getByRole('rowheader', { name: 'KH-240117-0042' }).closest('tr') as HTMLElement
    expect(within(row).getByText('Yacine Haddad')).toBeTruthy()
    expect(within(row).getByText('En attente')).toBeTruthy()
    expect(within(row).getByText(formatPrice(9300, 'fr'), { normalizer: (text) => text })).toBeTruthy()
    expect(within(row).getByRole('link', { name: '0551234567' }).getAttribute('href')).toBe('tel:0551234567')
    expect(screen.getByText('101 commandes')).toBeTruthy()
    expect(screen.getByText('Page 1 sur 3')).toBeTruthy()
  })

  test('filters from the address are sent to the API with the page and page size', async () => {
    const fetchMock = stubOrders()
    renderApp({ url: '/admin/orders?status=shipped&wilaya=31&from=2025-11-01&to=2025-11-30&page=2&bogus=1', locale: 'fr' })
    await screen.findByRole('table', { name: 'Liste des commandes' })
    const [query] = listQueries(fetchMock)
    expect(Object.fromEntries(query ?? [])).toEqual({
      status: 'shipped',
      wilaya: '31',
      from: '2025-11-01',
      to: '2025-11-30',
      page: '2',
      limit: '50',
    })
  })

  test('changing filters builds the query, goes back to page 1, and the CSV export follows them', async () => {
    const fetchMock = stubOrders()
    const { currentUrl } = renderApp({ url: '/admin/orders?page=3', locale: 'fr' })
    await screen.findByRole('table', { name: 'Liste des commandes' })

    fireEvent.change(screen.getByLabelText('Mode de paiement'), { target: { value: 'ccp' } })
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders?paymentMethod=ccp'))
    fireEvent.change(await screen.findByLabelText('Wilaya'), { target: { value: '16' } })
    fireEvent.change(screen.getByLabelText('Recherche'), { target: { value: ' 0551234567 ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }))

    await waitFor(() =>
      expect(Object.fromEntries(listQueries(fetchMock).at(-1) ?? [])).toEqual({
        wilaya: '16',
        paymentMethod: 'ccp',
        search: '0551234567',
        page: '1',
        limit: '50',
      }),
    )
    const exportLink = screen.getByRole('link', { name: 'Exporter en CSV' })
    // no status chosen: the export is the orders ready to ship, and the page says so
    expect(exportLink.getAttribute('aria-describedby')).toBe('orders-export-hint')
    expect(document.getElementById('orders-export-hint')?.textContent).toBe(
      'Sans statut choisi, le CSV contient les commandes prêtes à expédier (confirmées et en préparation).',
    )
    expect(exportLink.getAttribute('href')).toBe(
      '/api/v1/admin/orders/export.csv?wilaya=16&paymentMethod=ccp&search=0551234567&lang=fr',
    )
  })

  test('“to call” shows pending orders and toggles off again', async () => {
    const fetchMock = stubOrders()
    const { currentUrl } = renderApp({ url: '/admin/orders', locale: 'ar' })
    await screen.findByRole('table', { name: 'قائمة الطلبيات' })
    const toCall = screen.getByRole('button', { name: 'للاتصال' })
    expect(toCall.getAttribute('aria-pressed')).toBe('false')

    fireEvent.click(toCall)
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('status')).toBe('pending'))
    expect(currentUrl()).toBe('/admin/orders?status=pending')
    expect(screen.getByRole('button', { name: 'للاتصال' }).getAttribute('aria-pressed')).toBe('true')

    fireEvent.click(screen.getByRole('button', { name: 'للاتصال' }))
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders'))
  })

  test('next page asks the API for page 2', async () => {
    const fetchMock = stubOrders()
    renderApp({ url: '/admin/orders?status=pending', locale: 'fr' })
    await screen.findByRole('table', { name: 'Liste des commandes' })
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }))
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('page')).toBe('2'))
    expect(listQueries(fetchMock).at(-1)?.get('status')).toBe('pending')
  })

  test('no order says what to do next', async () => {
    stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/location/states': { data: WILAYAS },
      '/admin/orders': { data: { orders: [], currentPage: 1, totalPages: 0, total: 0 } },
    })
    renderApp({ url: '/admin/orders?status=returned', locale: 'fr' })
    expect(await screen.findByText('Aucune commande ne correspond à ces filtres. Modifiez-les ou effacez-les.')).toBeTruthy()
  })
})
