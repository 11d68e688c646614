import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { AGENT, OWNER, SHOP, STAFF_MEMBER } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const ACCOUNT = {
  accountId: '7f1c2d3e-0000-4000-8000-000000000001',
  name: 'DHD',
  engine: 'ecotrack',
  deliveredCount: 4,
  collected: 11_000,
  fees: 1300,
  netDue: 9700,
  paidOut: 4600,
  stillOwed: 5100,
  returnedCount: 1,
  returnFees: 200,
}
const PARCEL = {
  _id: 'p-1',
  tracking: 'ECO-123',
  orderId: 'o-1',
  orderNumber: 'KH12AB34CD',
  customer: 'Nadia Benali',
  phone: '0550123456',
  status: 'delivered',
  codAmount: 3000,
  deliveryFee: 400,
  returnFee: null,
  net: 2600,
  payoutStatus: 'ready',
  payoutId: null,
  settledAt: '2026-11-10T23:30:00.000Z',
  paidOutAt: null,
}
const RESULT = {
  lines: [
    { line: 2, tracking: 'ECO-123', amount: 2600, outcome: 'matched', expected: 2600 },
    { line: 3, tracking: 'ECO-124', amount: 4400, outcome: 'differs', expected: 4500 },
    { line: 4, tracking: 'ECO-999', amount: 100, outcome: 'unknown', expected: null },
  ],
  matched: 1,
  unknown: 1,
  notDelivered: 0,
  differs: 1,
  alreadyPaid: 0,
}

function stubLedger(staff = OWNER) {
  return stubApi({
    '/admin/auth/me': { data: { staff } },
    '/settings': { data: SHOP },
    '/admin/couriers/ledger': { data: { accounts: [ACCOUNT] } },
    [`/admin/couriers/${ACCOUNT.accountId}/ledger/parcels`]: { data: { parcels: [PARCEL], total: 1, page: 1, pages: 1 } },
    [`/admin/couriers/${ACCOUNT.accountId}/statements`]: { data: RESULT },
  })
}

describe('courier money screen', () => {
  test('figures per courier, a period, the parcels behind a figure (French)', async () => {
    const fetchMock = stubLedger()
    renderApp({ url: '/admin/courier-money', locale: 'fr' })
    const table = await screen.findByRole('table', { name: 'Argent par transporteur' }, { timeout: 5000 })
    const row = within(table).getByRole('row', { name: /DHD/ })
    expect(screen.getAllByRole('link', { name: 'Argent des transporteurs' }).length).toBeGreaterThan(0)
    const text = row.textContent?.replace(/\s/g, ' ') ?? ''
    for (const amount of ['11 000', '1 300', '9 700', '4 600', '5 100']) expect(text.replace(/[\u202f\u00a0]/g, ' ')).toContain(amount)

    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-11-01' } })
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-11-30' } })
    await waitFor(() => expect(callsTo(fetchMock, '/admin/couriers/ledger?from=2026-11-01&to=2026-11-30')).toHaveLength(1))

    fireEvent.click(within(row).getByRole('button', { name: /Reste dû/ }))
    const list = await screen.findByRole('region', { name: 'DHD : colis pas encore versés' })
    expect(await within(list).findByText('ECO-123')).toBeTruthy()
    expect(within(list).getByText('Nadia Benali')).toBeTruthy()
    expect(within(list).getByRole('link', { name: 'KH12AB34CD' })).toBeTruthy()
    expect(within(list).getByText('Prêt')).toBeTruthy()
    expect(callsTo(fetchMock, `/admin/couriers/${ACCOUNT.accountId}/ledger/parcels?status=owed&page=1&from=2026-11-01&to=2026-11-30`)).toHaveLength(1)
  })

  test('a statement is sent and each line says what happened (Arabic, right to left)', async () => {
    const fetchMock = stubLedger(STAFF_MEMBER)
    renderApp({ url: '/admin/courier-money', locale: 'ar' })
    expect(document.documentElement.dir).toBe('rtl')
    fireEvent.click(await screen.findByRole('button', { name: 'استيراد كشف' }, { timeout: 5000 }))
    const form = await screen.findByRole('region', { name: 'DHD: استيراد كشف دفع' })
    const csv = 'tracking;amount;date\nECO-123;2600;2026-11-20\nECO-124;4400;2026-11-20\nECO-999;100;2026-11-20'
    fireEvent.change(within(form).getByLabelText('الكشف (CSV)'), { target: { value: csv } })
    fireEvent.click(within(form).getByRole('button', { name: 'استيراد' }))
    await waitFor(() => expect(callsTo(fetchMock, `/admin/couriers/${ACCOUNT.accountId}/statements`)[0]?.body).toEqual({ csv }))
    expect(await within(form).findByRole('status')).toBeTruthy()
    const lines = within(within(form).getByRole('list', { name: 'أسطر الكشف' })).getAllByRole('listitem')
    expect(lines).toHaveLength(3)
    expect(lines[0]?.textContent).toContain('سُجِّل مدفوعًا')
    expect(lines[1]?.textContent).toContain('دفعت الشركة')
    expect(lines[2]?.textContent).toContain('رقم تتبع غير معروف')
  })

  test('an agent has no link to it and is told it is not theirs', async () => {
    const fetchMock = stubLedger(AGENT)
    renderApp({ url: '/admin/courier-money', locale: 'en' })
    await waitFor(() => expect(callsTo(fetchMock, '/admin/auth/me').length).toBeGreaterThan(0))
    expect(screen.queryByRole('link', { name: 'Courier money' })).toBeNull()
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/couriers/ledger')).toHaveLength(0)
  })
})
