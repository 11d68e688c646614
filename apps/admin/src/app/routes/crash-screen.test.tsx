import { QueryClient } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test, vi } from 'vitest'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { createI18n } from '../../lib/i18n.ts'
import { AppProviders } from '../providers.tsx'
import { CrashScreen } from './crash-screen.tsx'

function Broken(): never {
  throw new Error('boom')
}

function renderRoutes(element: React.ReactNode, locale: 'ar' | 'fr' = 'fr') {
  const router = createMemoryRouter([{ path: '/', element, errorElement: <CrashScreen /> }])
  return render(
    <AppProviders i18n={createI18n(locale)} queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
}

describe('the client kit in the back office', () => {
  test('a screen that throws shows the crash screen: refresh, and the dashboard loaded afresh', async () => {
    // React and the router report the error on the console: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderRoutes(<Broken />)
    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading.textContent).not.toBe('')
    expect(heading.className).toContain('text-xl')
    expect(screen.getByRole('button', { name: 'Actualiser la page' })).toBeTruthy()
    const home = screen.getByRole('link', { name: 'Retour au tableau de bord' })
    expect(home.getAttribute('href')).toBe(import.meta.env.BASE_URL)
  })

  test('a failed query says what failed and why, and its retry button asks again', async () => {
    const onRetry = vi.fn()
    renderRoutes(<ErrorState title="Commandes indisponibles" message="Connexion perdue" onRetry={onRetry} />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Commandes indisponibles')
    expect(alert.textContent).toContain('Connexion perdue')
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  test('while it retries, the button waits', async () => {
    renderRoutes(<ErrorState title="Commandes indisponibles" onRetry={() => {}} isRetrying />, 'ar')
    expect((await screen.findByRole('button')).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('alert').querySelectorAll('p')).toHaveLength(1)
  })
})
