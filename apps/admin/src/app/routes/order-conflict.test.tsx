import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { ORDER_PAGE, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

/** The order at `version`, with the server's courier number; every PATCH is refused as stale until `accept` is set. */
function stubConflict() {
  const server = { version: 3, trackingId: 'YAL-100', accept: false }
  const fetchMock = stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/admin/orders/o-1': ({ method }) => {
      if (method === 'PATCH') {
        return server.accept
          ? { data: { ...ORDER_PAGE, order: { ...ORDER_PAGE.order, version: server.version } } }
          : { status: 409, code: 'ORDER_CONFLICT', message: 'La commande a changé.' }
      }
      return { data: { ...ORDER_PAGE, order: { ...ORDER_PAGE.order, version: server.version, deliveryTrackingId: server.trackingId } } }
    },
  })
  return { server, fetchMock }
}

describe('order conflict', () => {
  test('the banner comes into view and takes the focus; reloading keeps what was typed, the next save carries the fresh version', async () => {
    const scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled
    const { server, fetchMock } = stubConflict()
    renderApp({ url: '/admin/orders/o-1', locale: 'fr' })
    const field = (await screen.findByLabelText('N° de suivi du livreur', {}, { timeout: 5000 })) as HTMLInputElement
    expect(field.value).toBe('YAL-100')
    fireEvent.change(field, { target: { value: 'YAL-777' } })
    server.version = 4
    server.trackingId = 'YAL-200'
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Un autre membre de l’équipe a modifié cette commande')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(scrolled).toHaveBeenCalled()
    expect(scrolled.mock.contexts[0]).toBe(alert)

    fireEvent.click(within(alert).getByRole('button', { name: 'Recharger la commande (garder ma saisie)' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect((screen.getByLabelText('N° de suivi du livreur') as HTMLInputElement).value).toBe('YAL-777')

    server.accept = true
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders/o-1').filter((c) => c.method === 'PATCH')).toHaveLength(2))
    expect(callsTo(fetchMock, '/admin/orders/o-1').filter((c) => c.method === 'PATCH')[1]?.body).toMatchObject({
      deliveryTrackingId: 'YAL-777',
      version: 4,
    })
  })

  test('dropping the typed text is an explicit choice: the form then shows the new values', async () => {
    Element.prototype.scrollIntoView = vi.fn()
    const { server } = stubConflict()
    renderApp({ url: '/admin/orders/o-1', locale: 'fr' })
    fireEvent.change(await screen.findByLabelText('N° de suivi du livreur', {}, { timeout: 5000 }), { target: { value: 'YAL-999' } })
    server.version = 4
    server.trackingId = 'YAL-200'
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    const alert = await screen.findByRole('alert')
    fireEvent.click(within(alert).getByRole('button', { name: 'Abandonner ma saisie, voir les nouvelles valeurs' }))
    await waitFor(() => expect((screen.getByLabelText('N° de suivi du livreur') as HTMLInputElement).value).toBe('YAL-200'))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
