import { formatPrice } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { stubApi } from '../../test/stub-api.ts'

const ENTRIES = [
  {
    _id: '3', staffId: 's-2', staffName: 'Karim Saadi', kind: 'price', action: 'update', entity: 'product', entityId: 'p-1',
    label: 'Derby en cuir', before: { price: 8900 }, after: { price: 1 }, createdAt: '2025-11-21T10:00:00.000Z',
  },
  {
    _id: '2', staffId: 's-1', staffName: 'Amina Benali', kind: 'deletion', action: 'delete', entity: 'order', entityId: 'o-1',
    label: 'KH-240117-0042', before: { status: 'confirmed', total: 9300 }, after: { status: 'deleted' }, createdAt: '2025-11-21T09:00:00.000Z',
  },
]

describe('audit log', () => {
  test('newest first with who, what and before/after; filtered by kind through the address (French)', async () => {
    const asked: string[] = []
    stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/admin/audit-log': () => ({ data: { entries: ENTRIES, currentPage: 1, totalPages: 1, total: 2 } }),
    })
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } }
    const { currentUrl } = renderApp({ url: '/admin/audit-log', locale: 'fr' })
    const list = await screen.findByRole('list', { name: 'Journal des modifications' })
    const items = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list)
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByText('Prix')).toBeTruthy()
    expect(within(items[0]!).getByText(`Prix: ${formatPrice(8900, 'fr')} → ${formatPrice(1, 'fr')}`, { normalizer: (text) => text })).toBeTruthy()
    expect(within(items[0]!).getByText('par Karim Saadi')).toBeTruthy()
    expect(within(items[1]!).getByText('Statut: Confirmée → Supprimée')).toBeTruthy()
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'deletion' } })
    await waitFor(() => expect(currentUrl()).toBe('/admin/audit-log?kind=deletion'))
    await waitFor(() => {
      for (const [input] of fetchMock.mock.calls) asked.push(String(input))
      expect(asked.some((url) => url.includes('/admin/audit-log?kind=deletion'))).toBe(true)
    })
  })
})
