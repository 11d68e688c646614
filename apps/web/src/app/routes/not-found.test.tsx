import { screen } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { SETTINGS } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { stubApi } from '../../test/stub-api.ts'
import { CrashBoundary } from './crash-screen.tsx'

function Broken(): never {
  throw new Error('boom')
}

describe('not found and crash screens', () => {
  test('an unknown address shows Page Not Found with a way home', async () => {
    stubApi({ '/settings': { data: { settings: SETTINGS } } })
    renderApp({ path: '/no-such-page', locale: 'en' })
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy()
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/')
  })

  test('an unknown address is not found in Arabic by default', async () => {
    stubApi({ '/settings': { data: { settings: SETTINGS } } })
    renderApp({ path: '/no-such-page/p-1' })
    expect(await screen.findByRole('heading', { name: 'الصفحة غير موجودة' })).toBeTruthy()
  })

  test('a page that throws shows the crash screen with refresh and home', async () => {
    // the error is reported on the console: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderApp({
      locale: 'fr',
      app: (
        <CrashBoundary at="/">
          <Broken />
        </CrashBoundary>
      ),
    })
    expect(await screen.findByRole('heading', { name: 'Oups\u202F! Une erreur s’est produite' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Actualiser la page' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/')
  })
})
