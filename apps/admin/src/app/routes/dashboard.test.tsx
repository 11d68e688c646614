import { fixture } from '@shop/client-kit'
import { callFigures, formatPrice, ORDER_STATUSES } from '@shop/shared'
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { FIGURES, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { stubApi } from '../../test/stub-api.ts'

// The call centre's section at the foot of the page, quiet here: its own tests sit beside it.
const CALL_FIGURES = fixture(callFigures, { from: '2025-10-23', to: '2025-11-21', agents: [], byWilaya: [], byProduct: [], bySource: [] })

// Prices keep their narrow no-break spaces: compare the text exactly as formatPrice wrote it.
const exact = { normalizer: (text: string) => text }

/** The figure of a <dl> row, found by its label. */
function figure(label: string): HTMLElement {
  const row = screen.getByText(label).closest('div')
  const value = row?.querySelector('dd')
  if (!value) throw new Error(`no figure labelled ${label}`)
  return value
}

function stubDashboard(overrides: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/admin/dashboard': { data: FIGURES },
    '/settings': { data: SHOP },
    '/admin/dashboard/call-figures': { data: CALL_FIGURES },
    ...overrides,
  })
}

describe('dashboard', () => {
  test('shows today’s figures, revenue through formatPrice (French)', async () => {
    stubDashboard()
    renderApp({ locale: 'fr' })

    await screen.findByText('Commandes du jour')
    expect(figure('Commandes du jour').textContent).toBe('14')
    expect(figure('En attente de confirmation (jour)').textContent).toBe(formatPrice(52000, 'fr'))
    expect(screen.getByText('52\u202F000 DA', exact)).toBeTruthy()
    expect(figure('En attente d’appel de confirmation').textContent).toBe('6')
    expect(document.title).toBe('Tableau de bord · Khatwa')
  })

  test('orders by status: every status as a named chip with its count, figures at the end', async () => {
    stubDashboard()
    renderApp({ locale: 'fr' })

    const table = await screen.findByRole('table', { name: 'Commandes par statut' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(ORDER_STATUSES.length)
    const delivered = within(table).getByRole('rowheader', { name: 'Livrée' }).closest('tr')
    expect(delivered?.querySelector('td')?.textContent).toBe('37')
    expect(within(table).getByText('En cours de livraison')).toBeTruthy()
    // Logical alignment only, and never both: two text-align utilities resolve by stylesheet order.
    for (const cell of [delivered?.querySelector('td'), within(table).getByRole('columnheader', { name: 'Nombre' })]) {
      expect(cell?.className.split(' ')).toContain('text-end')
      expect(cell?.className.split(' ')).not.toContain('text-start')
    }
  })

  test('low stock in Arabic: product, size, colour and stock, names from the Arabic fields', async () => {
    stubDashboard()
    renderApp({ locale: 'ar' })

    const table = await screen.findByRole('table', { name: 'مخزون منخفض' })
    const derby = within(table).getByRole('rowheader', { name: 'حذاء ديربي جلد' }).closest('tr')
    expect(derby).toBeTruthy()
    const cells = within(derby as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells).toEqual(['42', 'كحلي', '0'])
    expect(within(table).getByRole('rowheader', { name: 'صندل صيفي' })).toBeTruthy()
    expect(figure('في انتظار التأكيد (اليوم)').textContent).toBe(formatPrice(52000, 'ar'))
    expect(within(screen.getByRole('table', { name: 'الطلبيات حسب الحالة' })).getByText('قيد الانتظار')).toBeTruthy()
  })

  test('in French, a product without a French name shows its Arabic name', async () => {
    stubDashboard()
    renderApp({ locale: 'fr' })
    const table = await screen.findByRole('table', { name: 'Stock faible' })
    expect(within(table).getByRole('rowheader', { name: 'Derby en cuir' })).toBeTruthy()
    expect(within(table).getByRole('rowheader', { name: 'صندل صيفي' })).toBeTruthy()
    expect(within(table).getByText('Camel')).toBeTruthy()
  })

  test('no low stock says there is nothing to restock', async () => {
    stubDashboard({ '/admin/dashboard': { data: { ...FIGURES, lowStock: [] } } })
    renderApp({ locale: 'fr' })
    expect(
      await screen.findByText('Aucun article en stock faible : rien à réapprovisionner pour l’instant.'),
    ).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'Stock faible' })).toBeNull()
  })

  test('a failed load says so and loads again on retry', async () => {
    stubDashboard({ '/admin/dashboard': { status: 500, code: 'INTERNAL', message: 'Erreur du serveur.' } })
    renderApp({ locale: 'fr' })

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Impossible de charger le tableau de bord.')).toBeTruthy()
    expect(within(alert).getByText('Erreur du serveur.')).toBeTruthy()

    stubDashboard()
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByText('Commandes du jour')).toBeTruthy()
  })
})

describe('dashboard money by stage', () => {
  const GROUPS = {
    pending: { orders: 3, amount: 21000 },
    toDeliver: { orders: 2, amount: 15500 },
    delivered: { orders: 1, amount: 4900 },
  }

  test('awaiting, to deliver and delivered are apart (no mixed total), each card opens the orders it counts', async () => {
    stubDashboard({ '/admin/dashboard': { data: { ...FIGURES, revenueTodayByGroup: GROUPS } } })
    const { router } = renderApp({ locale: 'en' })
    await screen.findByText('Orders today')
    expect(screen.queryByText('Revenue today')).toBeNull()
    expect(figure('Awaiting confirmation today').textContent).toBe(formatPrice(21000, 'en'))
    expect(figure('Confirmed today, to deliver').textContent).toBe(formatPrice(15500, 'en'))
    expect(figure('Placed today and delivered').textContent).toBe(formatPrice(4900, 'en'))
    expect(screen.getByText(/Cash to collect on delivery · 2 orders/)).toBeTruthy()

    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10)
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href')
    expect(href('Confirmed today, to deliver')).toBe(
      `/admin/orders?status=confirmed%2Cprocessing%2Cshipped%2Cout_for_delivery&from=${today}&to=${today}`,
    )
    expect(href('Awaiting confirmation today')).toBe(`/admin/orders?status=pending&from=${today}&to=${today}`)
    expect(href('Placed today and delivered')).toBe(`/admin/orders?status=delivered&from=${today}&to=${today}`)
    expect(href('Orders today')).toBe(`/admin/orders?from=${today}&to=${today}`)
    expect(href('Awaiting a confirmation call')).toBe('/admin/orders?status=pending')

    fireEvent.click(screen.getByRole('link', { name: 'Confirmed today, to deliver' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'))
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('confirmed,processing,shipped,out_for_delivery')
  })
})

describe('dashboard chart', () => {
  test('draws the last 30 days when the API sends them, with the totals written out', async () => {
    const last30Days = Array.from({ length: 30 }, (_, i) => ({
      date: `2025-11-${String(i + 1).padStart(2, '0')}`,
      orders: i % 3,
      revenue: (i % 3) * 5000,
    }))
    stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/admin/dashboard': { data: { ...FIGURES, last30Days } },
      '/settings': { data: SHOP },
      '/admin/dashboard/call-figures': { data: CALL_FIGURES },
    })
    renderApp({ locale: 'fr' })
    const chart = await screen.findByRole('region', { name: '30 derniers jours' })
    expect(chart.querySelectorAll('rect')).toHaveLength(30)
    const total = last30Days.reduce((sum, d) => sum + d.revenue, 0)
    expect(within(chart).getByRole('img').getAttribute('aria-label')).toBe(`30 commandes, ${formatPrice(total, 'fr')} en 30 jours`)
  })

  test('without the 30 days, no chart is drawn', async () => {
    stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/admin/dashboard': { data: FIGURES },
      '/settings': { data: SHOP },
      '/admin/dashboard/call-figures': { data: CALL_FIGURES },
    })
    renderApp({ locale: 'fr' })
    await screen.findByText('Commandes du jour')
    expect(screen.queryByRole('region', { name: '30 derniers jours' })).toBeNull()
  })
})
