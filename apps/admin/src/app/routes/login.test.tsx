import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { FIGURES, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const NO_SESSION = { status: 401, code: 'UNAUTHENTICATED' }

/** Waits for the form (the session is checked first), then types into it. */
async function fillIn(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: password } })
}

describe('login page', () => {
  test('sends the e-mail and password, then opens the page asked for', async () => {
    let answer: (reply: { data: unknown }) => void = () => {}
    const fetchMock = stubApi({
      '/admin/auth/me': NO_SESSION,
      '/admin/auth/login': () => new Promise((resolve) => (answer = resolve)),
      '/admin/dashboard': { data: FIGURES },
      '/settings': { data: SHOP },
    })
    const { currentUrl } = renderApp({
      url: `/admin/login?redirect=${encodeURIComponent('/nowhere?x=1')}`,
      locale: 'fr',
    })

    await fillIn('  amina@khatwa.dz ', 'correct horse')
    fireEvent.click(await screen.findByRole('button', { name: 'Se connecter' }))

    // Pending: the button says so and cannot be pressed twice.
    const pending = await screen.findByRole('button', { name: 'Connexion…' })
    expect(pending.hasAttribute('disabled')).toBe(true)
    const [login] = callsTo(fetchMock, '/admin/auth/login')
    expect(login?.method).toBe('POST')
    expect(login?.body).toEqual({ email: 'amina@khatwa.dz', password: 'correct horse' })
    expect(login?.headers.get('Accept-Language')).toBe('fr')
    expect(login?.headers.get('Content-Type')).toBe('application/json')

    answer({ data: { staff: OWNER } })
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy()
    expect(currentUrl()).toBe('/admin/nowhere?x=1')
    expect(callsTo(fetchMock, '/admin/auth/login')).toHaveLength(1)
  })

  test('without a redirect, signing in opens the dashboard', async () => {
    stubApi({
      '/admin/auth/me': NO_SESSION,
      '/admin/auth/login': { data: { staff: OWNER } },
      '/admin/dashboard': { data: FIGURES },
    })
    const { currentUrl } = renderApp({ url: '/admin/login', locale: 'fr' })
    await fillIn('amina@khatwa.dz', 'correct horse')
    fireEvent.click(await screen.findByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy()
    expect(currentUrl()).toBe('/admin')
  })

  test('shows the server’s message under the form when the password is wrong', async () => {
    stubApi({
      '/admin/auth/me': NO_SESSION,
      '/admin/auth/login': {
        status: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
      },
    })
    const { currentUrl } = renderApp({ url: '/admin/login', locale: 'ar' })

    fireEvent.change(await screen.findByLabelText('البريد الإلكتروني'), { target: { value: 'amina@khatwa.dz' } })
    fireEvent.change(screen.getByLabelText('كلمة المرور'), { target: { value: 'wrong' } })
    fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة.')
    expect(currentUrl()).toBe('/admin/login')
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' }).hasAttribute('disabled')).toBe(false)
  })

  test('too many tries: the server’s message is shown as it is', async () => {
    stubApi({
      '/admin/auth/me': NO_SESSION,
      '/admin/auth/login': { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Trop de tentatives. Patientez.' },
    })
    renderApp({ url: '/admin/login', locale: 'fr' })
    await fillIn('amina@khatwa.dz', 'x')
    fireEvent.click(await screen.findByRole('button', { name: 'Se connecter' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de tentatives. Patientez.')
  })

  test('the server’s field errors go under their field', async () => {
    stubApi({
      '/admin/auth/me': NO_SESSION,
      '/admin/auth/login': {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Certains champs sont invalides.',
        errors: [{ field: 'email', message: 'Veuillez saisir une adresse e-mail valide.' }],
      },
    })
    renderApp({ url: '/admin/login', locale: 'fr' })
    await fillIn('amina', 'secret')
    fireEvent.click(await screen.findByRole('button', { name: 'Se connecter' }))

    expect(await screen.findByText('Veuillez saisir une adresse e-mail valide.')).toBeTruthy()
    const email = screen.getByLabelText('E-mail')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toBe('Certains champs sont invalides.')
  })

  test('empty fields are flagged without asking the server', async () => {
    const fetchMock = stubApi({ '/admin/auth/me': NO_SESSION })
    renderApp({ url: '/admin/login', locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Se connecter' }))

    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(2)
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'))
    expect(callsTo(fetchMock, '/admin/auth/login')).toHaveLength(0)
  })

  test('a network failure says so in the staff member’s language', async () => {
    stubApi({ '/admin/auth/me': NO_SESSION })
    renderApp({ url: '/admin/login', locale: 'fr' })
    await screen.findByRole('button', { name: 'Se connecter' })
    await fillIn('amina@khatwa.dz', 'secret')
    // The connection drops between the page load and the submit.
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.',
    )
  })

  test('staff who are already signed in are sent on to the dashboard', async () => {
    stubApi({ '/admin/auth/me': { data: { staff: OWNER } }, '/admin/dashboard': { data: FIGURES } })
    const { currentUrl } = renderApp({ url: '/admin/login', locale: 'fr' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy()
    expect(currentUrl()).toBe('/admin')
  })

  test('a redirect to another site is ignored', async () => {
    stubApi({ '/admin/auth/me': { data: { staff: OWNER } }, '/admin/dashboard': { data: FIGURES } })
    const { currentUrl } = renderApp({ url: `/admin/login?redirect=${encodeURIComponent('//evil.example/x')}` })
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' })).toBeTruthy()
    expect(currentUrl()).toBe('/admin')
  })
})
