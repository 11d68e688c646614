import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { FIGURES, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const NO_SESSION = { status: 401, code: 'UNAUTHENTICATED', message: 'يرجى تسجيل الدخول للمتابعة.' }

describe('staff area guard', () => {
  test('without a session, staff are sent to sign in with the page they asked for', async () => {
    stubApi({ '/admin/auth/me': NO_SESSION, '/settings': { data: SHOP } })
    const { currentUrl } = renderApp({ url: '/admin/orders?status=pending', locale: 'ar' })

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeTruthy()
    expect(currentUrl()).toBe(`/admin/login?redirect=${encodeURIComponent('/orders?status=pending')}`)
    expect(screen.queryByRole('navigation', { name: 'القائمة الرئيسية' })).toBeNull()
  })

  test('shows a loader while the session is checked, then the dashboard in the shell', async () => {
    let answer: (value: { data: unknown }) => void = () => {}
    const fetchMock = stubApi({
      '/admin/auth/me': () => new Promise((resolve) => (answer = resolve)),
      '/admin/dashboard': { data: FIGURES },
      '/settings': { data: SHOP },
    })
    const { currentUrl } = renderApp({ locale: 'fr' })

    expect(screen.getByRole('status', { name: 'Chargement…' })).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/dashboard')).toHaveLength(0)

    answer({ data: { staff: OWNER } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy()
    expect(currentUrl()).toBe('/admin')
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' })
    expect(within(nav).getByRole('link', { name: 'Tableau de bord' }).getAttribute('aria-current')).toBe('page')
    const account = screen.getByRole('region', { name: 'Compte' })
    expect(within(account).getByText('Amina Benali')).toBeTruthy()
    expect(within(account).getByText('Propriétaire')).toBeTruthy()
    expect(await screen.findByText('Commandes du jour')).toBeTruthy()
  })

  test('a session that expires while working sends staff to sign in and back', async () => {
    stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/admin/dashboard': NO_SESSION,
      '/settings': { data: SHOP },
    })
    const { currentUrl } = renderApp({ locale: 'ar' })

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeTruthy()
    expect(currentUrl()).toBe(`/admin/login?redirect=${encodeURIComponent('/')}`)
  })

  test('signing out ends the session and shows the login form', async () => {
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/admin/auth/logout': { data: null },
      '/admin/dashboard': { data: FIGURES },
      '/settings': { data: SHOP },
    })
    const { currentUrl } = renderApp({ locale: 'fr' })

    fireEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }))

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy()
    expect(currentUrl()).toBe(`/admin/login?redirect=${encodeURIComponent('/')}`)
    expect(callsTo(fetchMock, '/admin/auth/logout')).toMatchObject([{ method: 'POST' }])
    expect(screen.getByLabelText('E-mail')).toBeTruthy()
  })

  test('an address no screen answers says so inside the shell', async () => {
    stubApi({ '/admin/auth/me': { data: { staff: OWNER } }, '/settings': { data: SHOP } })
    renderApp({ url: '/admin/nowhere', locale: 'fr' })
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toBeTruthy()
  })

  test('when the server cannot be reached, the check can be tried again', async () => {
    let isUp = false
    stubApi({
      '/admin/auth/me': () =>
        isUp ? { data: { staff: OWNER } } : { status: 503, code: 'UNAVAILABLE', message: 'Occupé.' },
      '/admin/dashboard': { data: FIGURES },
    })
    renderApp({ locale: 'fr' })

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Occupé.')).toBeTruthy()
    isUp = true
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy())
  })
})
