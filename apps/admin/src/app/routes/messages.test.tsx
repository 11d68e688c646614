import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import type { ContactMessage } from '@shop/shared'
import { formatDateTime } from '../../lib/dates.ts'
import { OWNER, SHOP, STAFF_MEMBER } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const OPEN: ContactMessage = {
  _id: 'm-1',
  name: 'Nadia Cherif',
  email: 'nadia@example.dz',
  subject: 'Pointure du mocassin',
  message: 'Bonjour,\nle 39 taille-t-il grand ?',
  handled: false,
  handledAt: null,
  createdAt: '2025-11-21T09:30:00.000Z',
}

const SCRIPTED: ContactMessage = {
  _id: 'm-2',
  name: 'Test <b>gras</b>',
  email: 'x@example.dz',
  subject: '<img src=x onerror="window.pwned=1">',
  message: '<script>window.pwned = 1</script> merci',
  handled: false,
  handledAt: null,
  createdAt: '2025-11-20T08:00:00.000Z',
}

function page(messages: ContactMessage[]) {
  return { data: { messages, currentPage: 1, totalPages: 1, total: messages.length } }
}

/**
 * A fake API that keeps the messages and filters them by `handled` as the server does: a PATCH changes what
 * the next list request returns.
 */
function stubInbox(staff = OWNER, initial: ContactMessage[] = [OPEN]) {
  let messages = initial.map((m) => ({ ...m }))
  let lastUrl = new URL('http://localhost')
  const routes: Parameters<typeof stubApi>[0] = {
    '/admin/auth/me': { data: { staff } },
    '/settings': { data: SHOP },
    '/admin/contact-messages': () => {
      const handled = lastUrl.searchParams.get('handled')
      return page(handled === null ? messages : messages.filter((m) => m.handled === (handled === 'true')))
    },
  }
  for (const message of initial) {
    routes[`/admin/contact-messages/${message._id}`] = ({ method, body }) => {
      if (method !== 'PATCH') return { status: 404, code: 'ROUTE_NOT_FOUND' }
      const handled = (body as { handled: boolean }).handled
      messages = messages.map((m) =>
        m._id === message._id ? { ...m, handled, handledAt: handled ? '2025-11-21T10:00:00.000Z' : null } : m,
      )
      return { data: { message: messages.find((m) => m._id === message._id) } }
    }
  }
  const fetchMock = stubApi(routes)
  // The stub's handlers see the method and body only; the list's query is read here (handlers run synchronously).
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    lastUrl = new URL(String(input), 'http://localhost')
    return fetchMock(input, init)
  })
  return fetchMock
}

/** The query strings of every list request, in the order they were sent. */
function listQueries(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/admin/contact-messages')
    .map((url) => Object.fromEntries(url.searchParams))
}

describe('contact messages', () => {
  test('lists each message with its sender, a mailto link, the subject, the text and the date (French)', async () => {
    const fetchMock = stubInbox()
    renderApp({ url: '/admin/messages', locale: 'fr' })
    const table = await screen.findByRole('table', { name: 'Messages de contact' })
    const row = within(table).getByRole('rowheader', { name: /Nadia Cherif/ }).closest('tr') as HTMLElement
    expect(within(row).getByRole('link', { name: 'nadia@example.dz' }).getAttribute('href')).toBe('mailto:nadia@example.dz')
    expect(within(row).getByText('Pointure du mocassin')).toBeTruthy()
    expect(within(row).getByText('Bonjour, le 39 taille-t-il grand ?')).toBeTruthy()
    expect(within(row).getByText(formatDateTime(OPEN.createdAt, 'fr'))).toBeTruthy()
    expect(within(row).getByRole('button', { name: 'Marquer traité le message de Nadia Cherif' })).toBeTruthy()
    expect(screen.getByText('1 message')).toBeTruthy()
    // By default only the messages still waiting for an answer, newest first (the API's order).
    expect(listQueries(fetchMock)[0]).toEqual({ handled: 'false', page: '1', limit: '50' })
  })

  test('markup typed by a shopper is shown as text, never run or rendered', async () => {
    stubInbox(OWNER, [SCRIPTED])
    renderApp({ url: '/admin/messages', locale: 'fr' })
    const table = await screen.findByRole('table', { name: 'Messages de contact' })
    expect(within(table).getByText('<script>window.pwned = 1</script> merci')).toBeTruthy()
    expect(within(table).getByText('<img src=x onerror="window.pwned=1">')).toBeTruthy()
    expect(within(table).getByText('Test <b>gras</b>')).toBeTruthy()
    expect(table.querySelector('script, img, b')).toBeNull()
    expect((window as { pwned?: number }).pwned).toBeUndefined()
  })

  test('"mark handled" sends the PATCH and the message leaves the list of those to handle', async () => {
    const fetchMock = stubInbox()
    renderApp({ url: '/admin/messages', locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Marquer traité le message de Nadia Cherif' }))

    await waitFor(() => expect(callsTo(fetchMock, '/admin/contact-messages/m-1')).toHaveLength(1))
    const [patch] = callsTo(fetchMock, '/admin/contact-messages/m-1')
    expect(patch?.method).toBe('PATCH')
    expect(patch?.body).toEqual({ handled: true })
    expect(await screen.findByText('Aucun message à traiter. Tous les messages ont reçu une réponse.')).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'Messages de contact' })).toBeNull()
  })

  test('the filter asks the API for handled messages or all of them, and handled ones can be reopened', async () => {
    const fetchMock = stubInbox(OWNER, [{ ...OPEN, handled: true, handledAt: '2025-11-21T10:00:00.000Z' }])
    const { currentUrl } = renderApp({ url: '/admin/messages', locale: 'fr' })
    await screen.findByText('Aucun message à traiter. Tous les messages ont reçu une réponse.')

    fireEvent.change(screen.getByLabelText('Afficher'), { target: { value: 'handled' } })
    await waitFor(() => expect(currentUrl()).toBe('/admin/messages?show=handled'))
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toEqual({ handled: 'true', page: '1', limit: '50' }))
    const table = await screen.findByRole('table', { name: 'Messages de contact' })
    expect(within(table).getByText(`Traité le ${formatDateTime('2025-11-21T10:00:00.000Z', 'fr')}`)).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Afficher'), { target: { value: 'all' } })
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toEqual({ page: '1', limit: '50' }))

    fireEvent.click(screen.getByRole('button', { name: 'Remettre à traiter le message de Nadia Cherif' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/contact-messages/m-1')[0]?.body).toEqual({ handled: false }))
    expect(await screen.findByRole('button', { name: 'Marquer traité le message de Nadia Cherif' })).toBeTruthy()
  })

  test('staff (not only the owner) read the messages, in Arabic by default', async () => {
    stubInbox(STAFF_MEMBER)
    renderApp({ url: '/admin/messages' })
    expect(await screen.findByRole('heading', { level: 1, name: 'الرسائل' })).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'القائمة الرئيسية' })
    expect(within(nav).getByRole('link', { name: 'الرسائل' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('link', { name: 'النشرة البريدية' })).toBeTruthy()
    expect(await screen.findByText('رسالة واحدة')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'تعليم رسالة Nadia Cherif كمعالجة' })).toBeTruthy()
  })

  test('a failed load says so and offers to try again', async () => {
    stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/admin/contact-messages': { status: 503, code: 'UNAVAILABLE', message: 'Service indisponible.' },
    })
    renderApp({ url: '/admin/messages', locale: 'fr' })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Impossible de charger les messages.')).toBeTruthy()
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeTruthy()
  })
})
