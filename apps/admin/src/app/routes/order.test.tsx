import { formatPrice } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { AGENT, ORDER_PAGE, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, type StubHandler, stubApi } from '../../test/stub-api.ts'

const URL = '/admin/orders/o-1'

function stubOrder(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/admin/orders/o-1': { data: ORDER_PAGE },
    ...overrides,
  })
}

describe('order page', () => {
  test('items, coupon, fee, total, the customer with a tap-to-call phone, and the history (French)', async () => {
    stubOrder()
    renderApp({ url: URL, locale: 'fr' })
    // the first test of the file also waits for the lazy order route to load (slow on a busy machine)
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande KH-240117-0042' }, { timeout: 5000 })).toBeTruthy()
    const items = screen.getByRole('table', { name: 'Articles' })
    expect(within(items).getByRole('rowheader', { name: /Derby en cuir/ })).toBeTruthy()
    // size and colour are isolated (U+2068 … U+2069): a Latin size keeps its place in an Arabic sentence
    expect(within(items).getByText(/^Taille \u206842\u2069 · \u2068Bleu marine\u2069/)).toBeTruthy()
    expect(screen.getByText('BIENVENUE10')).toBeTruthy()
    const exact = { normalizer: (text: string) => text }
    expect(screen.getByText(formatPrice(-980, 'fr'), exact)).toBeTruthy()
    expect(screen.getAllByText(formatPrice(9300, 'fr'), exact).length).toBeGreaterThan(0)
    const customer = screen.getByRole('region', { name: 'Client et livraison' })
    expect(within(customer).getByRole('link', { name: '0551234567' }).getAttribute('href')).toBe('tel:0551234567')
    expect(within(customer).getByText('12 rue Didouche Mourad')).toBeTruthy()
    const history = screen.getByRole('region', { name: 'Historique' })
    expect(within(history).getByText('Pas de réponse')).toBeTruthy()
    expect(within(history).getByText('Rappeler après 17 h')).toBeTruthy()
    expect(document.title).toBe('Commande \u2068KH-240117-0042\u2069 · Khatwa')
  })

  test('the customer note is read-only beside the phone and the call; a staff note is added apart and shows with its author', async () => {
    let page = ORDER_PAGE
    const fetchMock = stubOrder({
      '/admin/orders/o-1': () => ({ data: page }),
      '/admin/orders/o-1/notes': ({ body }) => {
        const text = (body as { text: string }).text
        page = {
          ...page,
          staffNotes: [{ _id: 'n-1', text, staffName: 'Samir', createdAt: '2025-11-21T11:00:00.000Z' }],
          history: [
            ...page.history,
            { _id: 3, kind: 'staff_note', fromStatus: 'pending', toStatus: 'pending', callOutcome: null, byClient: false, note: text, staffName: 'Samir', createdAt: '2025-11-21T11:00:00.000Z' },
          ],
        }
        return { data: page }
      },
    })
    renderApp({ url: URL, locale: 'fr' })
    const customer = await screen.findByRole('region', { name: 'Client et livraison' })
    expect(within(customer).getByText('Remarque du client')).toBeTruthy()
    expect(within(customer).getByText('Sonner deux fois')).toBeTruthy()
    const call = screen.getByRole('region', { name: 'Appel de confirmation' })
    expect(within(call).getByText('Sonner deux fois')).toBeTruthy()
    // no field holds the customer's note: staff cannot overwrite it
    for (const field of screen.getAllByRole('textbox')) expect((field as HTMLInputElement).value).not.toBe('Sonner deux fois')

    const notes = screen.getByRole('region', { name: 'Notes de l’équipe' })
    expect(within(notes).getByText('Aucune note de l’équipe pour l’instant.')).toBeTruthy()
    fireEvent.change(within(notes).getByLabelText('Nouvelle note (visible par l’équipe seulement)'), { target: { value: 'Note A' } })
    fireEvent.click(within(notes).getByRole('button', { name: 'Ajouter la note' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders/o-1/notes')).toHaveLength(1))
    expect(callsTo(fetchMock, '/admin/orders/o-1/notes')[0]).toMatchObject({ method: 'POST', body: { text: 'Note A' } })
    const list = await within(notes).findByRole('list', { name: 'Notes de l’équipe, les plus anciennes d’abord' })
    expect(within(list).getByText('Note A')).toBeTruthy()
    expect(within(list).getByText('Samir')).toBeTruthy()
    const history = screen.getByRole('region', { name: 'Historique' })
    expect(within(history).getByText('Note de l’équipe')).toBeTruthy()
    expect(within(history).getByText('Note A')).toBeTruthy()
    // the customer's note is still the shopper's
    expect(within(customer).getByText('Sonner deux fois')).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/orders/o-1')).not.toContainEqual(expect.objectContaining({ method: 'PATCH' }))
  })

  test('a staff note that fails keeps the typed text', async () => {
    stubOrder({ '/admin/orders/o-1/notes': { status: 400, code: 'VALIDATION_FAILED', message: 'Certains champs ne sont pas valides.' } })
    renderApp({ url: URL, locale: 'fr' })
    const notes = await screen.findByRole('region', { name: 'Notes de l’équipe' })
    const field = within(notes).getByLabelText('Nouvelle note (visible par l’équipe seulement)')
    fireEvent.change(field, { target: { value: 'Colis fragile' } })
    fireEvent.click(within(notes).getByRole('button', { name: 'Ajouter la note' }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect((field as HTMLTextAreaElement).value).toBe('Colis fragile')
  })

  test('the courier id form sends the id and the version only; the history shows id changes and the payment (Arabic)', async () => {
    const fetchMock = stubOrder({
      '/admin/orders/o-1': {
        data: {
          ...ORDER_PAGE,
          order: { ...ORDER_PAGE.order, status: 'delivered', paymentStatus: 'paid', amountToCollect: 0 },
          allowedMoves: ['deleted'],
          history: [
            ...ORDER_PAGE.history,
            { _id: 4, kind: 'tracking_id', fromStatus: 'shipped', toStatus: 'shipped', callOutcome: null, byClient: false, note: 'YAL-77', staffName: 'Samir', createdAt: '2025-11-22T09:00:00.000Z' },
            { _id: 5, kind: 'payment', fromStatus: 'delivered', toStatus: 'delivered', callOutcome: null, byClient: false, note: null, staffName: 'Samir', createdAt: '2025-11-23T09:00:00.000Z' },
          ],
        },
      },
      '/admin/orders/o-1/status': { data: ORDER_PAGE },
    })
    renderApp({ url: URL, locale: 'ar' })
    const history = await screen.findByRole('region', { name: 'السجل' })
    expect(within(history).getByText('YAL-77')).toBeTruthy()
    expect(within(history).getByText(/رقم تتبع شركة التوصيل:/)).toBeTruthy()
    expect(within(history).getByText('تم استلام المبلغ')).toBeTruthy()
    const tracking = screen.getByRole('region', { name: 'تتبع شركة التوصيل' })
    fireEvent.change(within(tracking).getByLabelText('رقم تتبع شركة التوصيل'), { target: { value: ' YAL-78 ' } })
    const patch = vi.fn()
    fetchMock.mockImplementationOnce(async (_input, init) => {
      patch(JSON.parse(String(init?.body)))
      return Response.json({ status: 'success', data: ORDER_PAGE })
    })
    fireEvent.click(within(tracking).getByRole('button', { name: 'حفظ' }))
    await waitFor(() => expect(patch).toHaveBeenCalledWith({ deliveryTrackingId: 'YAL-78', version: 3 }))
  })

  test('only the moves the server allows are offered', async () => {
    stubOrder({
      '/admin/orders/o-1': { data: { ...ORDER_PAGE, order: { ...ORDER_PAGE.order, status: 'shipped' }, allowedMoves: ['out_for_delivery', 'delivered', 'returned'] } },
    })
    renderApp({ url: URL, locale: 'fr' })
    const moves = await screen.findByRole('region', { name: 'Changer le statut' })
    expect(within(moves).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'En cours de livraison',
      'Marquer livrée',
      'Marquer retournée',
    ])
    // No call form once the order is past pending.
    expect(screen.queryByRole('region', { name: 'Appel de confirmation' })).toBeNull()
  })

  test('a move sends the status, the note and the version seen, then reads the order again', async () => {
    let reads = 0
    const fetchMock = stubOrder({
      '/admin/orders/o-1': () => {
        reads += 1
        return { data: ORDER_PAGE }
      },
      '/admin/orders/o-1/status': { data: ORDER_PAGE },
    })
    renderApp({ url: URL, locale: 'fr' })
    const moves = await screen.findByRole('region', { name: 'Changer le statut' })
    fireEvent.change(within(moves).getByLabelText('Note gardée dans l’historique (facultative)'), {
      target: { value: 'Client joint sur WhatsApp' },
    })
    fireEvent.click(within(moves).getByRole('button', { name: 'Confirmer' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders/o-1/status')).toHaveLength(1))
    expect(callsTo(fetchMock, '/admin/orders/o-1/status')[0]).toMatchObject({
      method: 'POST',
      body: { status: 'confirmed', note: 'Client joint sur WhatsApp', version: 3 },
    })
    await waitFor(() => expect(reads).toBe(2))
  })

  test('cancelling asks first; declining sends nothing', async () => {
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    const fetchMock = stubOrder({ '/admin/orders/o-1/status': { data: ORDER_PAGE } })
    renderApp({ url: URL, locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler la commande' }))
    expect(confirm).toHaveBeenCalledWith('Passer vraiment la commande en « Annulée » ?')
    expect(callsTo(fetchMock, '/admin/orders/o-1/status')).toHaveLength(0)
  })

  test('when another staff member changed the order, says so and reloads it on demand', async () => {
    let version = 3
    const fetchMock = stubOrder({
      '/admin/orders/o-1': () => ({ data: { ...ORDER_PAGE, order: { ...ORDER_PAGE.order, version } } }),
      '/admin/orders/o-1/call': { status: 409, code: 'ORDER_CONFLICT', message: 'La commande a changé.' },
    })
    renderApp({ url: URL, locale: 'fr' })
    const call = await screen.findByRole('region', { name: 'Appel de confirmation' })
    expect(within(call).getByText('1 tentative')).toBeTruthy()
    fireEvent.click(within(call).getByLabelText('Commande confirmée'))
    fireEvent.click(within(call).getByRole('button', { name: 'Enregistrer le résultat' }))

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Un autre membre de l’équipe a modifié cette commande')).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/orders/o-1/call')[0]?.body).toEqual({ outcome: 'confirmed', version: 3 })

    version = 4
    fireEvent.click(within(alert).getByRole('button', { name: /Recharger la commande/ }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    // The next try carries the fresh version.
    fireEvent.click(within(screen.getByRole('region', { name: 'Appel de confirmation' })).getByLabelText('Pas de réponse'))
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders/o-1/call')).toHaveLength(2))
    expect(callsTo(fetchMock, '/admin/orders/o-1/call')[1]?.body).toEqual({ outcome: 'no_answer', version: 4 })
  })

  test('a refused move shows the server’s message, not the conflict banner', async () => {
    stubOrder({
      '/admin/orders/o-1/status': { status: 422, code: 'STATUS_MOVE_NOT_ALLOWED', message: 'Ce changement de statut n’est pas permis.' },
    })
    renderApp({ url: URL, locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Ce changement de statut n’est pas permis.')
  })

  test('the call outcome must be chosen before it is recorded (Arabic)', async () => {
    const fetchMock = stubOrder()
    renderApp({ url: URL, locale: 'ar' })
    fireEvent.click(await screen.findByRole('button', { name: 'تسجيل النتيجة' }))
    expect(screen.getByText('اختر نتيجة المكالمة.')).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/orders/o-1/call')).toHaveLength(0)
  })

  test('bank and CCP orders can be marked paid; cash on delivery cannot', async () => {
    const fetchMock = stubOrder({
      '/admin/orders/o-1': { data: { ...ORDER_PAGE, order: { ...ORDER_PAGE.order, paymentMethod: 'ccp' } } },
      '/admin/orders/o-1/mark-paid': { data: ORDER_PAGE },
    })
    renderApp({ url: URL, locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Marquer comme payée' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders/o-1/mark-paid')).toHaveLength(1))
    expect(callsTo(fetchMock, '/admin/orders/o-1/mark-paid')[0]?.body).toEqual({ version: 3 })
  })

  test('cash on delivery shows no payment button', async () => {
    stubOrder()
    renderApp({ url: URL, locale: 'fr' })
    await screen.findByRole('heading', { level: 1, name: 'Commande KH-240117-0042' })
    expect(screen.queryByRole('button', { name: 'Marquer comme payée' })).toBeNull()
  })

  test('the delivery slip carries the amount to collect and the address', async () => {
    stubOrder()
    const { container } = renderApp({ url: URL, locale: 'fr' })
    await screen.findByRole('heading', { level: 1, name: 'Commande KH-240117-0042' })
    const slip = container.querySelector('.delivery-slip')
    expect(slip?.textContent).toContain(`Montant à encaisser : ${formatPrice(9300, 'fr')}`)
    expect(slip?.textContent).toContain('12 rue Didouche Mourad')
    expect(slip?.textContent).toContain('2 articles')
  })

  test('an agent sees payment and returns without their buttons; the owner has them', async () => {
    const page = {
      ...ORDER_PAGE,
      order: { ...ORDER_PAGE.order, paymentMethod: 'ccp', paymentStatus: 'unpaid' },
      returnRequests: [{ _id: 'r-1', status: 'requested', reason: 'Trop petit', staffNote: null, staffName: null, handledAt: null, createdAt: '2025-11-22T10:00:00.000Z' }],
      allowedMoves: ['confirmed', 'cancelled'],
    }
    stubOrder({ '/admin/auth/me': { data: { staff: AGENT } }, '/admin/orders/o-1': { data: page } })
    const { unmount } = renderApp({ url: URL, locale: 'fr' })
    const returns = await screen.findByRole('region', { name: 'Demandes de retour' })
    expect(within(returns).getByText('Trop petit')).toBeTruthy()
    expect(within(returns).queryByRole('button')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Marquer comme payée' })).toBeNull()
    unmount()

    stubOrder({ '/admin/orders/o-1': { data: page } })
    renderApp({ url: URL, locale: 'fr' })
    expect(await screen.findByRole('button', { name: 'Marquer comme payée' })).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Demandes de retour' })).getByRole('button', { name: 'Mettre à jour' })).toBeTruthy()
  })
})
