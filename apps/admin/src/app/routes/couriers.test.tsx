import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { OWNER, SHOP, STAFF_MEMBER } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

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

const CHOICES = [
  { wilayaCode: 10, name: 'Bouira', accountId: null },
  { wilayaCode: 16, name: 'Alger', accountId: null },
]
const CHOICES_AR = [
  { wilayaCode: 10, name: 'البويرة', accountId: null },
  { wilayaCode: 16, name: 'الجزائر', accountId: null },
]

const PLACES = {
  places: [
    {
      _id: 41, remoteId: '1015', remoteName: 'El Hacimia', remoteWilaya: '10', wilayaCode: 10, hasStopDesk: false,
      communeId: null, communeName: null, matchedBy: null,
    },
  ],
  currentPage: 1,
  totalPages: 1,
  total: 1,
  uncovered: [{ id: 1020, name: 'الهاشمية', wilayaCode: 10 }],
}

const BOUIRA = [
  { _id: 1015, name: 'الحاكمية', nameAr: 'الحاكمية', nameFr: 'El Hachimia', postalCode: null },
  { _id: 1020, name: 'الهاشمية', nameAr: 'الهاشمية', nameFr: 'El-Hakimia', postalCode: null },
]

function stubCouriers(choices = CHOICES) {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/admin/couriers': ({ method }) => (method === 'GET' ? { data: { accounts: [ACCOUNT] } } : { data: { account: ACCOUNT } }),
    [`/admin/couriers/${ACCOUNT._id}`]: { data: { account: ACCOUNT } },
    '/admin/couriers/wilaya-choices': ({ method, body }) =>
      method === 'GET'
        ? { data: { choices } }
        : { data: { choices: choices.map((c) => ({ ...c, accountId: (body as { choices: { wilayaCode: number; accountId: string }[] }).choices.find((x) => x.wilayaCode === c.wilayaCode)?.accountId ?? c.accountId })) } },
    [`/admin/couriers/${ACCOUNT._id}/places`]: { data: PLACES },
    [`/admin/couriers/${ACCOUNT._id}/places/sync`]: { data: { sync: { total: 1541, matched: 1530, unmatched: 11, new: 2, removed: 0 } } },
    [`/admin/couriers/${ACCOUNT._id}/places/41`]: ({ body }) => ({ data: { place: { ...PLACES.places[0], communeId: (body as { communeId: number }).communeId, matchedBy: 'manual' } } }),
    '/location/states/10/cities': { data: { cities: BOUIRA } },
  })
}

describe('couriers screen', () => {
  test('accounts with their communes matched; credentials are never prefilled and an empty field keeps the saved one (French)', async () => {
    const fetchMock = stubCouriers()
    renderApp({ url: '/admin/couriers', locale: 'fr' })
    const table = await screen.findByRole('table', { name: 'Comptes transporteurs' })
    const row = within(table).getByRole('row', { name: /Yalidine/ })
    expect(within(row).getByText('1530 / 1541')).toBeTruthy()
    expect(within(row).getByText('Par défaut')).toBeTruthy()

    fireEvent.click(within(row).getByRole('button', { name: 'Modifier Yalidine' }))
    const token = (await screen.findByLabelText('Jeton d’API (enregistré)')) as HTMLInputElement
    expect(token.type).toBe('password')
    expect(token.value).toBe('')
    expect((screen.getByLabelText('Secret du webhook (non renseigné)') as HTMLInputElement).value).toBe('')
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(callsTo(fetchMock, `/admin/couriers/${ACCOUNT._id}`)).toHaveLength(1))
    const kept = callsTo(fetchMock, `/admin/couriers/${ACCOUNT._id}`)[0]
    expect(kept?.method).toBe('PUT')
    expect(kept?.body).toEqual({ name: 'Yalidine', engine: 'yalidine', baseUrl: 'https://api.yalidine.app/v1/', senderWilayaCode: 16, isDefault: true, active: true })

    // a new token alone is sent alone
    fireEvent.click(within(await screen.findByRole('row', { name: /Yalidine/ })).getByRole('button', { name: 'Modifier Yalidine' }))
    fireEvent.change(await screen.findByLabelText('Jeton d’API (enregistré)'), { target: { value: 'new-token' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(callsTo(fetchMock, `/admin/couriers/${ACCOUNT._id}`)).toHaveLength(2))
    expect(callsTo(fetchMock, `/admin/couriers/${ACCOUNT._id}`)[1]?.body).toMatchObject({ credentials: { apiToken: 'new-token' } })
  })

  test("a new Ecotrack account shows the server's refusal on its fields", async () => {
    stubCouriers()
    const fetchMock = globalThis.fetch as ReturnType<typeof vi.fn>
    renderApp({ url: '/admin/couriers', locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un compte transporteur' }))
    fireEvent.change(screen.getByLabelText('Plateforme'), { target: { value: 'ecotrack' } })
    expect(screen.getByLabelText('Jeton d’API (non renseigné)')).toBeTruthy()
    expect(screen.queryByLabelText(/API ID/)).toBeNull()
    fetchMock.mockImplementationOnce(async () =>
      Response.json(
        { status: 'fail', code: 'VALIDATION_FAILED', message: 'Données invalides', errors: [{ field: 'baseUrl', message: 'Ce transporteur a sa propre adresse d’API : saisissez-la.' }] },
        { status: 400 },
      ),
    )
    fireEvent.change(screen.getByLabelText('Nom affiché à l’équipe'), { target: { value: 'DHD' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Ce transporteur a sa propre adresse d’API : saisissez-la.')).toBeTruthy()
  })

  test('sync, a manual match with the wilaya’s communes, the uncovered communes and a wilaya’s courier (Arabic)', async () => {
    const fetchMock = stubCouriers(CHOICES_AR)
    renderApp({ url: '/admin/couriers', locale: 'ar' })
    expect(document.documentElement.dir).toBe('rtl')
    fireEvent.click(await screen.findByRole('button', { name: 'بلديات Yalidine' }))
    fireEvent.click(await screen.findByRole('button', { name: 'جلب بلديات شركة التوصيل' }))
    expect(await screen.findByText('1541 بلدية من شركة التوصيل: 1530 مطابقة، 11 للمطابقة يدوياً، 2 جديدة.')).toBeTruthy()

    const picker = (await screen.findByRole('combobox', { name: 'بلدية المتجر لـ El Hacimia' })) as HTMLSelectElement
    await waitFor(() => expect(picker.disabled).toBe(false))
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['اختر…', 'الحاكمية', 'الهاشمية'])
    fireEvent.change(picker, { target: { value: '1020' } })
    await waitFor(() => expect(callsTo(fetchMock, `/admin/couriers/${ACCOUNT._id}/places/41`)[0]?.body).toEqual({ communeId: 1020 }))
    expect(screen.getByText('بلديات المتجر التي لا تخدمها شركة التوصيل هذه (1)')).toBeTruthy()

    const choice = screen.getByRole('combobox', { name: 'شركة التوصيل لـ 10 البويرة' })
    fireEvent.change(choice, { target: { value: ACCOUNT._id } })
    await waitFor(() =>
      expect(callsTo(fetchMock, '/admin/couriers/wilaya-choices').find((c) => c.method === 'PUT')?.body).toEqual({
        choices: [{ wilayaCode: 10, accountId: ACCOUNT._id }],
      }),
    )
  })

  test('a manager is told the screen is the owner’s and asks nothing of the API', async () => {
    const fetchMock = stubApi({ '/admin/auth/me': { data: { staff: STAFF_MEMBER } }, '/settings': { data: SHOP } })
    renderApp({ url: '/admin/couriers', locale: 'fr' })
    await screen.findByRole('heading', { level: 1 })
    expect(callsTo(fetchMock, '/admin/couriers')).toHaveLength(0)
  })
})
