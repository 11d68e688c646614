import { fixture } from '@shop/client-kit'
import { callFigures } from '@shop/shared'
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { FIGURES, OWNER, SHOP } from '../../../test/fixtures.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { callsTo, stubApi, type StubHandler } from '../../../test/stub-api.ts'

const PATH = '/admin/dashboard/call-figures'

const wilaya = {
  key: '16',
  label: { ar: 'الجزائر', fr: 'Alger' },
  orders: 10,
  confirmed: 8,
  shipped: 6,
  delivered: 5,
  returned: 1,
  confirmationRate: 0.8,
  deliveryRate: 5 / 6,
  returnRate: 1 / 6,
}

const REPLY = fixture(callFigures, {
  from: '2025-10-23',
  to: '2025-11-21',
  agents: [
    {
      date: '2025-11-21',
      staffId: 's-2',
      staffName: 'Karim Haddad',
      calls: 5,
      ordersCalled: 3,
      confirmed: 2,
      confirmationRate: 2 / 3,
      firstCalls: 2,
      minutesToFirstCall: 65,
    },
    {
      date: '2025-11-20',
      staffId: 's-3',
      staffName: 'Lina Mansouri',
      calls: 1,
      ordersCalled: 0,
      confirmed: 0,
      confirmationRate: null,
      firstCalls: 1,
      minutesToFirstCall: 12.4,
    },
  ],
  byWilaya: [wilaya],
  byProduct: [
    {
      ...wilaya,
      key: 'p-1',
      label: { ar: 'حذاء ديربي جلد', fr: 'Derby en cuir' },
      shipped: 0,
      delivered: 0,
      returned: 0,
      deliveryRate: null,
      returnRate: null,
    },
  ],
  bySource: [{ ...wilaya, key: 'whatsapp', label: { ar: 'whatsapp', fr: 'whatsapp' } }],
})

const EMPTY = { ...REPLY, agents: [], byWilaya: [], byProduct: [], bySource: [] }

function stubDashboard(callFiguresReply: StubHandler = { data: REPLY }) {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/admin/dashboard': { data: FIGURES },
    '/settings': { data: SHOP },
    [PATH]: callFiguresReply,
  })
}

/** The cells of the row headed `name`, their spaces made plain ('67 %' has a no-break one in French). */
function cellsOf(table: HTMLElement, name: string): string[] {
  const row = within(table).getByRole('rowheader', { name }).closest('tr')
  if (!row) throw new Error(`no row for ${name}`)
  return within(row)
    .getAllByRole('cell')
    .map((cell) => (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '))
}

describe('call centre and delivery figures', () => {
  test('in French: calls per agent and day, and the orders by wilaya, product and source', async () => {
    stubDashboard()
    renderApp({ locale: 'fr' })

    const agents = await screen.findByRole('table', { name: 'Appels par agent et par jour' })
    expect(cellsOf(agents, 'Karim Haddad')).toEqual(['21/11/2025', '5', '3', '2', '67 %', '2', '1 h 05'])
    // nobody to confirm that day: no rate rather than 0 %
    expect(cellsOf(agents, 'Lina Mansouri')).toEqual(['20/11/2025', '1', '0', '0', '—', '1', '12 min'])

    const wilayas = screen.getByRole('table', { name: 'Par wilaya' })
    expect(cellsOf(wilayas, 'Alger')).toEqual(['10', '8', '6', '5', '1', '80 %', '83 %', '17 %'])
    const products = screen.getByRole('table', { name: 'Par produit' })
    expect(cellsOf(products, 'Derby en cuir').slice(-3)).toEqual(['80 %', '—', '—'])
    const sources = screen.getByRole('table', { name: 'Par source' })
    expect(within(sources).getByRole('rowheader', { name: 'WhatsApp' })).toBeTruthy()

    expect((screen.getByLabelText('Du') as HTMLInputElement).value).toBe('2025-10-23')
    expect((screen.getByLabelText('Au') as HTMLInputElement).value).toBe('2025-11-21')
    const link = screen.getByRole('link', { name: 'Exporter en CSV : Par wilaya' })
    expect(link.getAttribute('href')).toBe(`/api/v1${PATH}.csv?table=wilayas&from=2025-10-23&to=2025-11-21&lang=fr`)
    expect(link.hasAttribute('download')).toBe(true)
    expect(screen.getByRole('link', { name: 'Exporter en CSV : Appels par agent et par jour' }).getAttribute('href')).toBe(
      `/api/v1${PATH}.csv?table=agents&from=2025-10-23&to=2025-11-21&lang=fr`,
    )
  })

  test('in Arabic, names come from the Arabic labels and sources from the order sources', async () => {
    stubDashboard()
    renderApp({ locale: 'ar' })

    const wilayas = await screen.findByRole('table', { name: 'حسب الولاية' })
    expect(within(wilayas).getByRole('rowheader', { name: 'الجزائر' })).toBeTruthy()
    expect(within(screen.getByRole('table', { name: 'حسب المنتج' })).getByRole('rowheader', { name: 'حذاء ديربي جلد' })).toBeTruthy()
    expect(within(screen.getByRole('table', { name: 'حسب المصدر' })).getByRole('rowheader', { name: 'واتساب' })).toBeTruthy()
    expect(cellsOf(screen.getByRole('table', { name: 'المكالمات حسب الموظف واليوم' }), 'Karim Haddad').at(-1)).toBe('1 سا 05 د')
  })

  test('a period without calls or orders says so, with no table and nothing to export', async () => {
    stubDashboard({ data: EMPTY })
    renderApp({ locale: 'fr' })

    expect(await screen.findByText('Aucun appel sur cette période.')).toBeTruthy()
    expect(screen.getAllByText('Aucune commande sur cette période.')).toHaveLength(3)
    expect(screen.queryByRole('table', { name: 'Par wilaya' })).toBeNull()
    expect(screen.queryByRole('link', { name: /Exporter en CSV/ })).toBeNull()
  })

  test('a new start date asks the API for that period, and the exports follow it', async () => {
    let asked = 0
    const fetchMock = stubDashboard(() => {
      asked += 1
      return { data: asked === 1 ? REPLY : { ...REPLY, from: '2025-11-01' } }
    })
    renderApp({ locale: 'fr' })
    await screen.findByRole('table', { name: 'Par wilaya' })
    expect(callsTo(fetchMock, PATH)).toHaveLength(1)

    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2025-11-01' } })

    await vi.waitFor(() => expect(callsTo(fetchMock, `${PATH}?from=2025-11-01&to=2025-11-21`)).toHaveLength(1))
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Exporter en CSV : Par source' }).getAttribute('href')).toBe(
        `/api/v1${PATH}.csv?table=sources&from=2025-11-01&to=2025-11-21&lang=fr`,
      ),
    )
    expect((screen.getByLabelText('Du') as HTMLInputElement).value).toBe('2025-11-01')
  })

  test('a start after the end is not asked for', async () => {
    const fetchMock = stubDashboard()
    renderApp({ locale: 'fr' })
    await screen.findByRole('table', { name: 'Par wilaya' })

    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2025-12-01' } })
    // a request would have gone out by the next turn of the event loop
    await new Promise((resolve) => setTimeout(resolve, 0))

    expect((screen.getByLabelText('Du') as HTMLInputElement).value).toBe('2025-12-01')
    expect(fetchMock.mock.calls.filter(([input]) => String(input).startsWith(`/api/v1${PATH}`))).toHaveLength(1)
    expect(screen.getByRole('table', { name: 'Par wilaya' })).toBeTruthy()
  })

  test('a failed load says so under the rest of the dashboard, the dates still there', async () => {
    stubDashboard({ status: 500, code: 'INTERNAL', message: 'Erreur du serveur.' })
    renderApp({ locale: 'fr' })

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Impossible de charger les chiffres des appels et des livraisons.')).toBeTruthy()
    expect(screen.getByText('Commandes du jour')).toBeTruthy()
    expect(screen.getByLabelText('Du')).toBeTruthy()
  })

  test("an agent's dashboard has no call figures and never asks for them", async () => {
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: { ...OWNER, role: 'agent' } } },
      '/admin/dashboard': { data: FIGURES },
      '/settings': { data: SHOP },
      [PATH]: { data: REPLY },
    })
    renderApp({ locale: 'fr' })

    await screen.findByText('Commandes du jour')
    expect(screen.queryByLabelText('Du')).toBeNull()
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('call-figures'))).toHaveLength(0)
  })
})
