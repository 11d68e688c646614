import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, type StubReply, stubApi } from '../../test/stub-api.ts'

const ACCOUNT = {
  _id: '7a1c0a52-2c7e-4c39-9d0a-0e4c3d4a1b11',
  name: 'Yalidine',
  engine: 'yalidine',
  baseUrl: 'https://api.yalidine.app/v1/',
  credentialsSet: ['apiId', 'apiToken'],
  webhookSecretSet: false,
  senderWilayaCode: 16,
  isDefault: true,
  active: true,
  places: { total: 1541, matched: 1530 },
  shipments: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
}
const PREVIEW_PATH = `/admin/couriers/${ACCOUNT._id}/fees/preview`
const APPLY_PATH = `/admin/couriers/${ACCOUNT._id}/fees/apply`

const row = (wilayaCode: number, wilayaName: string, type: string, current: number | null, courier: number | null, proposed: number | null) => ({
  wilayaCode, wilayaName, type, current, courier, proposed, changed: current !== proposed,
})
const PREVIEW = {
  rows: [
    row(5, 'Batna', 'domicil', 800, 600, 700),
    row(5, 'Batna', 'stopdesk', 400, 350, 450),
    row(5, 'Batna', 'return', 250, 250, 250),
    row(10, 'Bouira', 'domicil', 700, 600, 700),
    row(10, 'Bouira', 'stopdesk', 450, 350, 450),
    row(10, 'Bouira', 'return', 250, 250, 250),
    row(16, 'Alger', 'domicil', 500, 400, 500),
    row(16, 'Alger', 'stopdesk', null, 150, 250),
    row(16, 'Alger', 'return', 200, 250, 250),
  ],
  changedWilayas: [5, 16],
}

function stubFees(preview: StubReply = { data: { preview: PREVIEW } }) {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/admin/couriers': { data: { accounts: [ACCOUNT] } },
    '/admin/couriers/wilaya-choices': { data: { choices: [] } },
    [PREVIEW_PATH]: preview,
    [APPLY_PATH]: { data: { applied: { wilayas: 1, prices: 2 } } },
  })
}
const previewUrls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(`/api/v1${PREVIEW_PATH}`))

const originalConfirm = window.confirm

describe('courier fee sync', () => {
  afterEach(() => {
    window.confirm = originalConfirm
    vi.restoreAllMocks()
  })

  test('the margin asks for a preview; only changed wilayas are listed, ticked; apply sends the ticked ones after a confirmation (English)', async () => {
    const fetchMock = stubFees()
    renderApp({ url: '/admin/couriers', locale: 'en' })
    fireEvent.click(await screen.findByRole('button', { name: 'Sync the delivery prices of Yalidine' }))
    const section = await screen.findByRole('region', { name: 'Sync delivery prices with Yalidine' })
    expect(previewUrls(fetchMock)).toHaveLength(0)

    fireEvent.change(within(section).getByLabelText('Margin (DA)'), { target: { value: '100' } })
    fireEvent.change(within(section).getByLabelText('Margin (%)'), { target: { value: '5' } })
    fireEvent.click(within(section).getByRole('button', { name: 'Show the differences' }))
    const table = await within(section).findByRole('table', { name: 'Price changes proposed from Yalidine' })
    expect(previewUrls(fetchMock)).toEqual([`/api/v1${PREVIEW_PATH}?margin=100&marginPercent=5&offerOnlyServed=false`])

    expect(within(table).queryByText('Bouira')).toBeNull()
    const batna = within(table).getByRole('row', { name: /Batna/ })
    const home = within(batna).getByText('Home').closest('li')
    expect(home?.getAttribute('data-changed')).toBe('true')
    expect(home?.textContent).toContain('800 DA')
    expect(home?.textContent).toContain('courier: 600 DA')
    expect(home?.textContent).toContain('700 DA')
    expect(within(batna).getByText('Return').closest('li')?.getAttribute('data-changed')).toBe('false')
    const alger = within(table).getByRole('row', { name: /Alger/ })
    expect(within(alger).getByText('Stop desk').closest('li')?.textContent).toContain('not offered')
    expect(within(section).getByText('Wilayas with a change: 2')).toBeTruthy()

    const batnaBox = within(batna).getByRole('checkbox', { name: 'Apply to Batna' }) as HTMLInputElement
    expect(batnaBox.checked).toBe(true)
    fireEvent.click(batnaBox)
    expect(batnaBox.checked).toBe(false)

    const confirm = vi.fn(() => false)
    window.confirm = confirm
    fireEvent.click(within(section).getByRole('button', { name: 'Apply to the selected wilayas (1)' }))
    expect(confirm).toHaveBeenCalledOnce()
    expect(callsTo(fetchMock, APPLY_PATH)).toHaveLength(0)

    window.confirm = vi.fn(() => true)
    fireEvent.click(within(section).getByRole('button', { name: 'Apply to the selected wilayas (1)' }))
    await waitFor(() => expect(callsTo(fetchMock, APPLY_PATH)).toHaveLength(1))
    expect(callsTo(fetchMock, APPLY_PATH)[0]).toMatchObject({ method: 'POST', body: { margin: 100, marginPercent: 5, offerOnlyServed: false, wilayaCodes: [16] } })
    expect(await within(section).findByText('Delivery prices updated: 2 prices in 1 wilayas.')).toBeTruthy()
    await waitFor(() => expect(previewUrls(fetchMock).length).toBeGreaterThan(1))
  })

  test("the courier's failure is shown and nothing can be applied (Arabic)", async () => {
    stubFees({ status: 503, code: 'COURIER_UNAVAILABLE' })
    renderApp({ url: '/admin/couriers', locale: 'ar' })
    fireEvent.click(await screen.findByRole('button', { name: 'مزامنة أسعار التوصيل مع Yalidine' }))
    const section = await screen.findByRole('region', { name: 'مزامنة أسعار التوصيل مع Yalidine' })
    fireEvent.click(within(section).getByRole('button', { name: 'عرض الفروق' }))
    expect(await within(section).findByText('تعذّر جلب أسعار شركة التوصيل.')).toBeTruthy()
    expect(within(section).queryByRole('button', { name: /تطبيق على الولايات المحددة/ })).toBeNull()
  })
})
