import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { FIGURES, OWNER, SHOP } from '../test/fixtures.ts'
import { renderApp } from '../test/render-app.tsx'
import { callsTo, stubApi } from '../test/stub-api.ts'
import { createI18n, LANGUAGE_KEY } from './i18n.ts'

describe('language', () => {
  test('the back office opens in Arabic, right to left', () => {
    const i18n = createI18n()
    expect(i18n.language).toBe('ar')
    expect(document.documentElement.lang).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')
  })

  test('switching to French turns the page left to right, is remembered, and the API hears it', async () => {
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/admin/dashboard': { data: FIGURES },
      '/settings': { data: SHOP },
    })
    renderApp()
    const nav = await screen.findByRole('navigation', { name: 'القائمة الرئيسية' })
    expect(within(nav).getByRole('link', { name: 'لوحة التحكم' })).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/auth/me')[0]?.headers.get('Accept-Language')).toBe('ar')

    fireEvent.click(screen.getByRole('button', { name: 'Français' }))

    expect(document.documentElement.lang).toBe('fr')
    expect(document.documentElement.dir).toBe('ltr')
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('fr')
    expect(LANGUAGE_KEY).toBe('admin-lang')
    expect(await screen.findByRole('link', { name: 'Tableau de bord' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'العربية' }).getAttribute('aria-pressed')).toBe('false')
  })

  test('the switch offers Arabic, French and English; English turns the whole back office to English', async () => {
    stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/admin/dashboard': { data: FIGURES },
      '/settings': { data: SHOP },
    })
    renderApp()
    const switcher = await screen.findByRole('group', { name: 'اللغة' })
    expect(within(switcher).getAllByRole('button').map((b) => b.textContent)).toEqual(['AR', 'FR', 'EN'])
    fireEvent.click(within(switcher).getByRole('button', { name: 'English' }))
    expect(document.documentElement.lang).toBe('en')
    expect(document.documentElement.dir).toBe('ltr')
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en')
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeTruthy()
  })

  test('the stored choice is used on the next visit; anything else stored is ignored', () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'fr')
    expect(createI18n().language).toBe('fr')
    expect(document.documentElement.dir).toBe('ltr')

    window.localStorage.setItem(LANGUAGE_KEY, '<script>alert(1)</script>')
    expect(createI18n().language).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')
  })
})
