import { fixture } from '@shop/client-kit'
import { type AdminDraft, adminDraft, communesReply, wilayasReply } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { AGENT, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const WILAYAS = fixture(wilayasReply, {
  states: [
    { _id: 16, code: '16', name: 'الجزائر', nameAr: 'الجزائر', nameFr: 'Alger' },
    { _id: 31, code: '31', name: 'وهران', nameAr: 'وهران', nameFr: 'Oran' },
  ],
  division: 58,
})
const COMMUNES = fixture(communesReply, {
  cities: [
    { _id: 1601, name: 'الجزائر الوسطى', nameAr: 'الجزائر الوسطى', nameFr: 'Alger Centre', postalCode: '16000' },
    { _id: 1602, name: 'سيدي امحمد', nameAr: 'سيدي امحمد', nameFr: 'Sidi M’Hamed', postalCode: '16001' },
  ],
})

const NADIA: AdminDraft = fixture(adminDraft, {
  _id: 'd-1',
  productId: 'p-1',
  productName: 'حذاء رياضي للجري',
  productSlug: 'runner',
  price: 4900,
  variantId: 'v-1',
  size: '41',
  color: 'أسود',
  quantity: 2,
  firstName: 'Nadia',
  lastName: '',
  phone: '0661234567',
  wilayaCode: 16,
  wilayaName: 'الجزائر',
  communeId: null,
  communeName: null,
  locale: 'fr',
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T08:05:00.000Z',
  expiresAt: '2026-11-26T08:05:00.000Z',
})
const KARIM: AdminDraft = { ...NADIA, _id: 'd-2', firstName: 'كريم', lastName: 'بن علي', phone: '0770112233', locale: 'ar', wilayaCode: null, wilayaName: null }

/** A fake API keeping the drafts: a dismissal or an order takes the draft off the next list. */
function stubCallbacks(initial: AdminDraft[] = [NADIA, KARIM]) {
  let drafts = [...initial]
  const routes: Parameters<typeof stubApi>[0] = {
    '/admin/auth/me': { data: { staff: AGENT } },
    '/settings': { data: SHOP },
    '/location/states': { data: WILAYAS },
    '/location/states/16/cities': { data: COMMUNES },
    '/admin/drafts': () => ({ data: { drafts, currentPage: 1, totalPages: 1, total: drafts.length } }),
  }
  for (const draft of initial) {
    routes[`/admin/drafts/${draft._id}`] = ({ method }) => {
      if (method !== 'DELETE') return { status: 404, code: 'ROUTE_NOT_FOUND' }
      drafts = drafts.filter((d) => d._id !== draft._id)
      return { data: { deleted: true } }
    }
    routes[`/admin/drafts/${draft._id}/order`] = () => {
      drafts = drafts.filter((d) => d._id !== draft._id)
      return { data: { order: { _id: 'o-9', trackingNumber: 'KH7K2M9QXA', totalAmount: 10300 } } }
    }
  }
  return stubApi(routes)
}

const cardOf = (name: string) => screen.getByRole('listitem', { name })

describe('call-back list', () => {
  test('an agent in Arabic sees each draft with its product, size, colour, phone, and call and WhatsApp links; the menu links to it', async () => {
    stubCallbacks()
    renderApp({ url: '/admin/callbacks', locale: 'ar' })
    expect(await screen.findByRole('heading', { level: 1, name: 'إعادة الاتصال' })).toBeTruthy()
    await screen.findByText('طلبان لإعادة الاتصال')
    const card = cardOf('Nadia')
    expect(within(card).getByText('حذاء رياضي للجري')).toBeTruthy()
    expect(within(card).getByText('(41 · أسود)')).toBeTruthy()
    expect(within(card).getByText('0661234567').closest('bdi')?.getAttribute('dir')).toBe('ltr')
    expect(within(card).getByRole('link', { name: 'الاتصال بـ Nadia' }).getAttribute('href')).toBe('tel:0661234567')
    // the shopper read the product page in French: the WhatsApp message is in French
    const whatsapp = new URL(within(card).getByRole('link', { name: 'مراسلة Nadia عبر واتساب' }).getAttribute('href') ?? '')
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/213661234567')
    expect(whatsapp.searchParams.get('text')).toBe(
      'Bonjour Nadia, ici Khatwa. Vous avez commencé une commande de حذاء رياضي للجري (41 · أسود) sans la terminer. Voulez-vous que nous la confirmions ?',
    )
    const arabic = new URL(within(cardOf('كريم بن علي')).getByRole('link', { name: 'مراسلة كريم بن علي عبر واتساب' }).getAttribute('href') ?? '')
    expect(arabic.searchParams.get('text')).toMatch(/^السلام عليكم كريم، معك خطوة\./)
    expect(within(cardOf('كريم بن علي')).getByText('لم يُختر بعد')).toBeTruthy()
    // agents work this screen: it is in their menu
    expect(screen.getAllByRole('link', { name: 'إعادة الاتصال' }).some((link) => link.getAttribute('href') === '/admin/callbacks')).toBe(true)
  })

  test('"create order" asks for what is missing, sends it, shows the new order and takes the draft off the list', async () => {
    const fetchMock = stubCallbacks()
    renderApp({ url: '/admin/callbacks', locale: 'ar' })
    const card = await screen.findByRole('listitem', { name: 'Nadia' })
    fireEvent.click(within(card).getByRole('button', { name: 'إنشاء الطلبية' }))
    const form = within(card).getByRole('form', { name: 'طلبية Nadia' })
    // the wilaya the shopper chose is kept; the last name, the commune and the address are missing
    await within(form).findByRole('option', { name: '16 - الجزائر' })
    expect((within(form).getByLabelText('الولاية') as HTMLSelectElement).value).toBe('16')
    fireEvent.click(within(form).getByRole('button', { name: 'إنشاء الطلبية' }))
    expect(within(form).getAllByText('هذا الحقل مطلوب.').length).toBeGreaterThanOrEqual(2)
    expect(callsTo(fetchMock, '/admin/drafts/d-1/order')).toHaveLength(0)

    fireEvent.change(within(form).getByLabelText('اللقب'), { target: { value: 'Saidi' } })
    await waitFor(() => expect(within(form).getAllByRole('option', { name: 'سيدي امحمد' })).toHaveLength(1))
    fireEvent.change(within(form).getByLabelText('البلدية'), { target: { value: '1602' } })
    fireEvent.change(within(form).getByLabelText('العنوان'), { target: { value: '5 rue des Frères Bouadou' } })
    fireEvent.click(within(form).getByRole('button', { name: 'إنشاء الطلبية' }))

    await waitFor(() => expect(screen.getByRole('link', { name: 'KH7K2M9QXA' }).getAttribute('href')).toBe('/admin/orders/o-9'))
    expect(callsTo(fetchMock, '/admin/drafts/d-1/order').map((call) => call.body)).toEqual([
      { firstName: 'Nadia', lastName: 'Saidi', wilayaCode: 16, communeId: 1602, deliveryType: 'domicil', address: '5 rue des Frères Bouadou', quantity: 2 },
    ])
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Nadia' })).toBeNull())
    expect(screen.getByText('طلب واحد لإعادة الاتصال')).toBeTruthy()
  })

  test('a stop-desk order needs no address', async () => {
    const fetchMock = stubCallbacks([{ ...NADIA, lastName: 'Saidi', communeId: 1601, communeName: 'الجزائر الوسطى' }])
    renderApp({ url: '/admin/callbacks', locale: 'fr' })
    const card = await screen.findByRole('listitem', { name: 'Nadia Saidi' })
    fireEvent.click(within(card).getByRole('button', { name: 'Créer la commande' }))
    const form = within(card).getByRole('form', { name: 'Commande de Nadia' })
    fireEvent.change(within(form).getByLabelText('Livraison'), { target: { value: 'stopdesk' } })
    expect(within(form).queryByLabelText('Adresse')).toBeNull()
    fireEvent.click(within(form).getByRole('button', { name: 'Créer la commande' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/drafts/d-1/order')).toHaveLength(1))
    expect(callsTo(fetchMock, '/admin/drafts/d-1/order')[0]?.body).toMatchObject({ deliveryType: 'stopdesk', address: null, communeId: 1601 })
  })

  test('dismiss removes the draft from the list', async () => {
    const fetchMock = stubCallbacks()
    renderApp({ url: '/admin/callbacks', locale: 'fr' })
    const card = await screen.findByRole('listitem', { name: 'Nadia' })
    fireEvent.click(within(card).getByRole('button', { name: 'Retirer Nadia de la liste des rappels' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Nadia' })).toBeNull())
    expect(callsTo(fetchMock, '/admin/drafts/d-1').map((call) => call.method)).toEqual(['DELETE'])
    expect(screen.getByText('1 client à rappeler')).toBeTruthy()
  })

  test('an empty list says what will appear here', async () => {
    stubCallbacks([])
    renderApp({ url: '/admin/callbacks', locale: 'en' })
    expect(await screen.findByText(/Nobody to call back\./)).toBeTruthy()
  })
})
