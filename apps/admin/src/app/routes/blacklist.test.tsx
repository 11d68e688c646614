import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { AGENT, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const ENTRY = { phone: '0661223344', reason: 'Trois colis refusés', staffName: 'Amina Benali', createdAt: '2025-11-21T10:00:00.000Z' }

describe('blacklist', () => {
  test('lists phones with reason and author, adds one (normalised by the server) and removes one (French)', async () => {
    let entries = [ENTRY]
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/admin/blacklist': ({ method, body }) => {
        if (method === 'POST') entries = [{ ...ENTRY, phone: '0551234567', reason: (body as { reason: string }).reason }, ...entries]
        return { data: { entries } }
      },
      '/admin/blacklist/0661223344': () => {
        entries = entries.filter((e) => e.phone !== '0661223344')
        return { data: { entries } }
      },
    })
    window.confirm = vi.fn(() => true)
    renderApp({ url: '/admin/blacklist', locale: 'fr' })
    const list = await screen.findByRole('list', { name: 'Numéros en liste noire' }, { timeout: 5000 })
    expect(within(list).getByText('Trois colis refusés')).toBeTruthy()
    expect(within(list).getByText(/Ajouté par Amina Benali/)).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: '12345' } })
    fireEvent.change(screen.getByLabelText('Motif'), { target: { value: 'Fausse commande' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter à la liste noire' }))
    expect(await screen.findByText(/Numéro de téléphone invalide/)).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/blacklist').filter((c) => c.method === 'POST')).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: '+213 551 23 45 67' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter à la liste noire' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    expect(callsTo(fetchMock, '/admin/blacklist').find((c) => c.method === 'POST')?.body).toEqual({ phone: '+213 551 23 45 67', reason: 'Fausse commande' })

    const row = within(list).getByText('0661223344').closest('li') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: 'Retirer' }))
    await waitFor(() => expect(within(list).queryByText('0661223344')).toBeNull())
  })

  test('an agent has no blacklist link and is told the screen is not theirs', async () => {
    stubApi({ '/admin/auth/me': { data: { staff: AGENT } }, '/settings': { data: SHOP } })
    renderApp({ url: '/admin/blacklist', locale: 'ar' })
    await screen.findByRole('navigation', { name: 'القائمة الرئيسية' }, { timeout: 5000 })
    expect(screen.queryByRole('link', { name: 'القائمة السوداء' })).toBeNull()
    expect(screen.queryByRole('list', { name: 'الأرقام في القائمة السوداء' })).toBeNull()
  })
})
