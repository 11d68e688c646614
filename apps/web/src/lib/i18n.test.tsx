import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { SETTINGS } from '../test/fixtures.ts'
import { renderApp } from '../test/render-app.tsx'
import { stubApi } from '../test/stub-api.ts'
import { ALL_LANGUAGES } from '../test/all-languages.ts'
import { createI18n, LANGUAGE_KEY } from './i18n.ts'

describe('language', () => {
  beforeEach(() => {
    stubApi({ '/settings': { data: { settings: SETTINGS } }, '/banner/active': { data: { banners: [] } } })
  })

  test('a first visit is in Arabic, right to left', () => {
    const i18n = createI18n(undefined, ALL_LANGUAGES)
    expect(i18n.language).toBe('ar')
    expect(document.documentElement.lang).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')
  })

  test('choosing French in the header turns the page left to right and is remembered', async () => {
    renderApp()
    const nav = screen.getByRole('navigation', { name: 'القائمة الرئيسية' })
    expect(within(nav).getByRole('link', { name: 'الرئيسية' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Français' }))

    expect(document.documentElement.lang).toBe('fr')
    expect(document.documentElement.dir).toBe('ltr')
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('fr')
    expect(await screen.findByRole('link', { name: 'Accueil' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('true')
  })

  test('the stored choice is used on the next visit', () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'en')
    expect(createI18n(undefined, ALL_LANGUAGES).language).toBe('en')
    expect(document.documentElement.dir).toBe('ltr')
  })

  test('a stored value that is not a language, like planted markup, is ignored', () => {
    window.localStorage.setItem(LANGUAGE_KEY, '<script>alert(1)</script>')
    const i18n = createI18n(undefined, ALL_LANGUAGES)
    expect(i18n.language).toBe('ar')
    expect(document.documentElement.lang).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('ar')
  })

  test('?lang= in an ad link picks the language, and markup there is ignored', () => {
    window.history.replaceState(null, '', '/?lang=fr')
    expect(createI18n(undefined, ALL_LANGUAGES).language).toBe('fr')
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('fr')

    window.history.replaceState(null, '', `/?lang=${encodeURIComponent('"><script>alert(1)</script>')}`)
    expect(createI18n(undefined, ALL_LANGUAGES).language).toBe('fr')
    expect(document.documentElement.dir).toBe('ltr')
  })
})
