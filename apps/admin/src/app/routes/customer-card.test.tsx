import { formatPrice, MESSAGES } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { CUSTOMER_CARD, ORDER_PAGE, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const URL = '/admin/orders/o-1'

describe('customer card on the order page', () => {
  test('the risk level, what the shop does with it and every reason, in Arabic; counts and the phone’s orders', async () => {
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/admin/orders/o-1': { data: ORDER_PAGE },
      '/admin/customers/0551234567': { data: { customer: CUSTOMER_CARD } },
    })
    renderApp({ url: URL, locale: 'ar' })
    const card = await screen.findByRole('region', { name: 'الزبون' }, { timeout: 5000 })
    const risk = await within(card).findByRole('region', { name: 'الخطر' })
    expect(within(risk).getByText('خطر مرتفع جدًا')).toBeTruthy()
    expect(within(risk).getByText('يبقى معلّقًا حتى التحقق')).toBeTruthy()
    const reasons = within(risk).getByRole('list', { name: 'الأسباب' })
    expect(within(reasons).getAllByRole('listitem').map((li) => li.textContent?.replace(/[▲▼]/g, ''))).toEqual([
      'طلبات أُلغيت كوهمية: 1',
      'طرود مرتجعة أو مرفوضة: 1',
      'طلبات في آخر 24 ساعة: 2',
    ])
    expect(within(card).getByText('0%')).toBeTruthy()
    expect(within(card).getByText('Refused at the door')).toBeTruthy()
    // the card asked for this order's view of the phone (its duplicates, its amount)
    expect(callsTo(fetchMock, '/admin/customers/0551234567?orderId=o-1')).toHaveLength(1)
  })

  test('a possible duplicate is merged into this order with both versions; the page shows the merged order (French)', async () => {
    const merged = {
      ...ORDER_PAGE,
      order: { ...ORDER_PAGE.order, version: 4, totalAmount: 13_200 },
      history: [
        ...ORDER_PAGE.history,
        { _id: 9, kind: 'merge' as const, fromStatus: 'pending' as const, toStatus: 'pending' as const, callOutcome: null, byClient: false, note: 'KH-240117-0043', staffName: 'Amina Benali', createdAt: '2025-11-21T11:00:00.000Z' },
      ],
    }
    let page = ORDER_PAGE
    let card = CUSTOMER_CARD
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/admin/orders/o-1': () => ({ data: page }),
      '/admin/customers/0551234567': () => ({ data: { customer: card } }),
      '/admin/orders/o-1/merge': () => {
        page = merged
        card = { ...CUSTOMER_CARD, duplicates: [] }
        return { data: merged }
      },
    })
    window.confirm = vi.fn(() => true)
    renderApp({ url: URL, locale: 'fr' })
    const duplicates = await screen.findByRole('region', { name: 'Doublons possibles' }, { timeout: 5000 })
    expect(within(duplicates).getByText('KH-240117-0043')).toBeTruthy()
    expect(within(duplicates).getByText(formatPrice(4400, 'fr'), { normalizer: (t) => t })).toBeTruthy()
    fireEvent.click(within(duplicates).getByRole('button', { name: 'Fusionner dans cette commande' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders/o-1/merge')).toHaveLength(1))
    expect(callsTo(fetchMock, '/admin/orders/o-1/merge')[0]?.body).toEqual({ fromOrderId: 'o-2', version: 3, fromVersion: 1 })
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Doublons possibles' })).toBeNull())
    expect(screen.getAllByText(formatPrice(13_200, 'fr'), { normalizer: (t) => t }).length).toBeGreaterThan(0)
  })

  test('a refused merge says why, in the staff member’s language', async () => {
    stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/admin/orders/o-1': { data: ORDER_PAGE },
      '/admin/customers/0551234567': { data: { customer: CUSTOMER_CARD } },
      '/admin/orders/o-1/merge': { status: 422, code: 'MERGE_NOT_ALLOWED', message: MESSAGES.en.errors.MERGE_NOT_ALLOWED },
    })
    window.confirm = vi.fn(() => true)
    renderApp({ url: URL, locale: 'en' })
    const duplicates = await screen.findByRole('region', { name: 'Possible duplicates' }, { timeout: 5000 })
    fireEvent.click(within(duplicates).getByRole('button', { name: 'Merge into this order' }))
    expect((await within(duplicates).findByRole('alert')).textContent).toMatch(/cannot be merged/)
  })
})
