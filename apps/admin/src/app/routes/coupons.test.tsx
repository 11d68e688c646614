import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { fixture } from '@shop/client-kit'
import { type AdminCoupon, adminCoupon, couponPage, couponReply } from '@shop/shared'
import { describe, expect, test } from 'vitest'
import { couponStatus } from '../../features/coupons/coupons-screen.tsx'
import { OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const DAY = 86_400_000
const base: Omit<AdminCoupon, '_id' | 'code'> = {
  type: 'percentage',
  value: 10,
  minOrder: 0,
  maxUses: null,
  usedCount: 0,
  perCustomerLimit: 1,
  startsAt: null,
  expiresAt: null,
  isActive: true,
  createdAt: '2026-01-01T09:00:00.000Z',
}
const iso = (offset: number) => new Date(Date.now() + offset).toISOString()
const COUPONS: AdminCoupon[] = [
  { ...base, _id: 'c-1', code: 'RUNNING' },
  { ...base, _id: 'c-2', code: 'OLDIE', startsAt: iso(-30 * DAY), expiresAt: iso(-DAY) },
  { ...base, _id: 'c-3', code: 'GONE', maxUses: 5, usedCount: 5 },
  { ...base, _id: 'c-4', code: 'LATER', startsAt: iso(7 * DAY) },
  { ...base, _id: 'c-5', code: 'OFF', isActive: false, expiresAt: iso(-DAY) },
].map((coupon) => fixture(adminCoupon, coupon))
const PAGE = fixture(couponPage, { coupons: COUPONS, currentPage: 1, totalPages: 1, total: COUPONS.length })

function stubCoupons(handlers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/admin/coupons': { data: PAGE },
    ...handlers,
  })
}

const rowOf = (table: HTMLElement, code: string) => within(table).getByRole('rowheader', { name: code }).closest('tr') as HTMLElement

describe('coupons', () => {
  test('each coupon shows what a shopper meets now: active, expired, used up, scheduled, switched off', async () => {
    stubCoupons()
    renderApp({ url: '/admin/coupons', locale: 'fr' })
    const table = await screen.findByRole('table', { name: 'Codes promo' })
    expect(within(rowOf(table, 'RUNNING')).getByText('Actif')).toBeTruthy()
    expect(within(rowOf(table, 'OLDIE')).getByText('Expiré')).toBeTruthy()
    expect(within(rowOf(table, 'OLDIE')).queryByText('Actif')).toBeNull()
    expect(within(rowOf(table, 'GONE')).getByText('Épuisé')).toBeTruthy()
    expect(within(rowOf(table, 'LATER')).getByText('Programmé')).toBeTruthy()
    expect(within(rowOf(table, 'OFF')).getByText('Désactivé')).toBeTruthy()
    expect(couponStatus({ ...base, expiresAt: '2025-01-01T00:00:00Z' }, Date.parse('2025-01-01T00:00:00Z'))).toBe('expired')
  })

  test('a coupon is edited after creation: the form is filled with it and the changes are sent with PATCH', async () => {
    const fetchMock = stubCoupons({
      '/admin/coupons/c-2': ({ body }) => ({ data: fixture(couponReply, { coupon: { ...COUPONS[1], ...(body as object) } as AdminCoupon }) }),
    })
    renderApp({ url: '/admin/coupons', locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier OLDIE' }))
    const form = screen.getByRole('form', { name: 'Modifier le code OLDIE' })
    expect((within(form).getByLabelText('Code') as HTMLInputElement).value).toBe('OLDIE')
    expect((within(form).getByLabelText('Remise (%)') as HTMLInputElement).value).toBe('10')
    fireEvent.change(within(form).getByLabelText('Remise (%)'), { target: { value: '25' } })
    fireEvent.change(within(form).getByLabelText('Utilisations max. (facultatif)'), { target: { value: '40' } })
    fireEvent.change(within(form).getByLabelText('Fin'), { target: { value: '2099-12-31' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/coupons/c-2')).toHaveLength(1))
    const [call] = callsTo(fetchMock, '/admin/coupons/c-2')
    expect(call?.method).toBe('PATCH')
    expect(call?.body).toMatchObject({ code: 'OLDIE', value: 25, maxUses: 40, expiresAt: '2099-12-31T22:59:59.000Z', isActive: true })
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Modifier le code OLDIE' })).toBeNull())
    expect(screen.getByRole('form', { name: 'Nouveau code promo' })).toBeTruthy()
  })

  test('a code that already exists is said so under the code field', async () => {
    stubCoupons({
      '/admin/coupons': ({ method }) =>
        method === 'POST'
          ? { status: 409, code: 'CODE_TAKEN', message: 'Ce code existe déjà. Choisissez-en un autre.', errors: [{ field: 'code', message: 'Ce code existe déjà. Choisissez-en un autre.' }] }
          : { data: PAGE },
    })
    renderApp({ url: '/admin/coupons', locale: 'fr' })
    const form = await screen.findByRole('form', { name: 'Nouveau code promo' })
    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'running' } })
    fireEvent.change(within(form).getByLabelText('Remise (%)'), { target: { value: '10' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Créer le code' }))
    expect(await within(form).findByText('Ce code existe déjà. Choisissez-en un autre.')).toBeTruthy()
    expect(screen.queryByText(/Quelqu'un d'autre a modifié/)).toBeNull()
  })
})
