import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { AGENT, ORDER_PAGE, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, type StubHandler, stubApi } from '../../test/stub-api.ts'

const URL = '/admin/call-queue'
const CURRENT = { ...ORDER_PAGE, assignedUntil: '2025-11-21T10:05:00.000Z', unansweredCalls: 1, callbackAt: null, customerRequest: null }
const QUEUE = {
  orders: [
    {
      _id: 'o-1',
      trackingNumber: 'KH-240117-0042',
      createdAt: '2025-11-21T09:30:00.000Z',
      customerName: 'Yacine Haddad',
      phone: '0551234567',
      wilayaName: 'الجزائر',
      totalAmount: 9300,
      itemCount: 2,
      callAttempts: 1,
      callbackAt: null,
      lastCallAt: null,
      assignedTo: null,
      customerRequest: null,
    },
  ],
  counts: { toCall: 1, callbacksLater: 2, unreachable: 3 },
}

function stubQueue(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    '/admin/auth/me': { data: { staff: AGENT } },
    '/settings': { data: SHOP },
    '/admin/call-queue': { data: QUEUE },
    '/admin/call-queue/next': { data: { current: CURRENT } },
    '/admin/orders/o-1/call': { data: ORDER_PAGE },
    ...overrides,
  })
}

const press = (key: string, target: Element | Window = window) => fireEvent.keyDown(target, { key })

afterEach(() => vi.useRealTimers())

describe('call queue', () => {
  test('an agent sees the counts, takes the next order with N and confirms it with 1 (Arabic, right to left)', async () => {
    const fetchMock = stubQueue()
    renderApp({ url: URL, locale: 'ar' })
    expect(await screen.findByRole('heading', { level: 1, name: 'طابور مكالمات التأكيد' }, { timeout: 5000 })).toBeTruthy()
    expect(document.documentElement.dir).toBe('rtl')
    const counts = await screen.findByLabelText('عدد الطلبات في الطابور')
    expect(within(counts).getByText('للاتصال').nextSibling?.textContent).toBe('1')
    expect(within(counts).getByText('تعذّر الوصول').nextSibling?.textContent).toBe('3')
    // the nav offers the queue to agents
    expect(screen.getAllByRole('link', { name: 'طابور المكالمات' }).length).toBeGreaterThan(0)

    press('n')
    await waitFor(() => expect(callsTo(fetchMock, '/admin/call-queue/next')).toHaveLength(1))
    const dial = await screen.findByRole('link', { name: /اتصل/ })
    expect(dial.getAttribute('href')).toBe('tel:0551234567')
    const whatsapp = screen.getByRole('link', { name: 'واتساب' })
    const href = new globalThis.URL(whatsapp.getAttribute('href') ?? '')
    expect(href.origin + href.pathname).toBe('https://wa.me/213551234567')
    const text = href.searchParams.get('text') ?? ''
    expect(text).toContain('مرحبًا Yacine')
    expect(text).toContain('KH-240117-0042')
    expect(text).toContain(`${window.location.origin}/confirm/0123456789abcdef0123456789abcdef.abc123.AAAAAAAAAAAAAAAAAAAAAA`)
    expect((screen.getByLabelText('رابط التأكيد للزبون') as HTMLInputElement).value).toContain('/confirm/')
    // every outcome shows its key
    const pad = screen.getByRole('group', { name: 'نتائج المكالمة' })
    expect(within(pad).getAllByRole('button')).toHaveLength(8)
    expect(within(pad).getByRole('button', { name: /أكّد الطلبية/ }).getAttribute('aria-keyshortcuts')).toBe('1')

    press('1')
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders/o-1/call')).toHaveLength(1))
    expect(callsTo(fetchMock, '/admin/orders/o-1/call')[0]?.body).toEqual({ outcome: 'confirmed', version: 3 })
    expect(await screen.findByRole('button', { name: /الطلب التالي/ })).toBeTruthy()
  })

  test('keys typed in a field are text, not outcomes; a cancellation sends its reason (French)', async () => {
    const fetchMock = stubQueue()
    renderApp({ url: URL, locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: /Commande suivante/ }, { timeout: 5000 }))
    const pad = await screen.findByRole('group', { name: 'Résultats de l’appel' })
    fireEvent.click(within(pad).getByRole('button', { name: /Commande annulée/ }))
    const reason = screen.getByLabelText('Motif de l’annulation')
    fireEvent.change(reason, { target: { value: 'Client a changé d’avis' } })
    press('1', reason)
    press('7', reason)
    press('n', reason)
    expect(callsTo(fetchMock, '/admin/orders/o-1/call')).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: 'Annuler la commande' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders/o-1/call')).toHaveLength(1))
    expect(callsTo(fetchMock, '/admin/orders/o-1/call')[0]?.body).toEqual({ outcome: 'cancelled', note: 'Client a changé d’avis', version: 3 })
  })

  test('postponing offers quick choices and a date; the server’s refusal shows under the field (French)', async () => {
    vi.useFakeTimers({ now: new Date('2025-11-21T09:00:00.000Z'), toFake: ['Date'] })
    const fetchMock = stubQueue({
      '/admin/orders/o-1/call': ({ body }) =>
        (body as { callbackAt?: string }).callbackAt === '2025-11-21T10:00:00.000Z'
          ? { data: ORDER_PAGE }
          : { status: 422, code: 'CALLBACK_IN_PAST', errors: [{ field: 'callbackAt', message: 'L’heure de rappel doit être dans le futur.' }] },
    })
    renderApp({ url: URL, locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: /Commande suivante/ }, { timeout: 5000 }))
    await screen.findByRole('group', { name: 'Résultats de l’appel' })
    press('5')
    const form = await screen.findByRole('form', { name: 'Quand rappeler ?' })
    // this evening is 18:00 in Algeria (17:00 UTC), tomorrow 10:00 there
    expect(within(form).getByRole('button', { name: /Ce soir.*21\/11\/2025 18:00/ })).toBeTruthy()
    expect(within(form).getByRole('button', { name: /Demain.*22\/11\/2025 10:00/ })).toBeTruthy()
    fireEvent.change(within(form).getByLabelText('Autre date et heure'), { target: { value: '2020-01-01T10:00' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Reporter' }))
    expect(await within(form).findByText('L’heure de rappel doit être dans le futur.')).toBeTruthy()
    fireEvent.click(within(form).getByRole('button', { name: /Dans 1 h/ }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders/o-1/call')).toHaveLength(2))
    expect(callsTo(fetchMock, '/admin/orders/o-1/call')[1]?.body).toEqual({ outcome: 'postponed', callbackAt: '2025-11-21T10:00:00.000Z', version: 3 })
  })

  test('an empty queue says so', async () => {
    stubQueue({ '/admin/call-queue/next': { data: { current: null } }, '/admin/call-queue': { data: { orders: [], counts: { toCall: 0, callbacksLater: 0, unreachable: 0 } } } })
    renderApp({ url: URL, locale: 'en' })
    fireEvent.click(await screen.findByRole('button', { name: /Next order/ }, { timeout: 5000 }))
    expect(await screen.findByText('No order to call right now.')).toBeTruthy()
  })
})
