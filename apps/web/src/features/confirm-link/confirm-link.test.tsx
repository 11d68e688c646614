import { configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { SETTINGS } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { routeApi } from '../../test/route-api.ts'

// Lazy route chunks load on first use: under a full parallel run the first screen can take over 1 s.
configure({ asyncUtilTimeout: 4000 })

const TOKEN = '0123456789abcdef0123456789abcdef.abc123.AAAAAAAAAAAAAAAAAAAAAA'
const PATH = `/confirm/${TOKEN}`
const ORDER = {
  trackingNumber: 'KH12345678',
  status: 'pending',
  firstName: 'Leila',
  items: [{ name: 'Derby en cuir', size: '42', color: 'Noir', quantity: 1, lineTotal: 5400 }],
  subtotal: 5400,
  discount: 0,
  deliveryFee: 500,
  totalAmount: 5900,
  deliveryType: 'domicil',
  wilayaName: 'Alger',
  communeName: 'Bab Ezzouar',
  answer: null,
  canAnswer: true,
}

describe('confirmation link page', () => {
  test('shows the order and confirms with one press; reading it sends nothing but a GET (French)', async () => {
    const api = routeApi({
      '/settings': { data: { settings: SETTINGS } },
      [`GET /confirm/${TOKEN}`]: { data: { order: ORDER } },
      [`POST /confirm/${TOKEN}`]: { data: { order: { ...ORDER, status: 'confirmed', answer: 'confirm', canAnswer: false } } },
    })
    renderApp({ path: PATH, locale: 'fr' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmez votre commande' })).toBeTruthy()
    expect(await screen.findByText('Derby en cuir')).toBeTruthy()
    expect(screen.getByText('Bonjour Leila, voici le résumé de votre commande.')).toBeTruthy()
    expect(api.calls(`POST /confirm/${TOKEN}`)).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: 'Je confirme ma commande' }))
    expect(await screen.findByText('Merci ! Votre commande est confirmée, nous la préparons.')).toBeTruthy()
    expect(api.calls(`POST /confirm/${TOKEN}`)[0]?.body).toEqual({ answer: 'confirm' })
    expect(screen.queryByRole('button', { name: 'Je confirme ma commande' })).toBeNull()
  })

  test('a change request needs its note, shown under the field (Arabic)', async () => {
    const api = routeApi({
      '/settings': { data: { settings: SETTINGS } },
      [`GET /confirm/${TOKEN}`]: { data: { order: ORDER } },
      [`POST /confirm/${TOKEN}`]: ({ body }) =>
        (body as { note?: string }).note
          ? { data: { order: { ...ORDER, answer: 'change' } } }
          : { status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'note', message: 'أخبرنا بما تريد تغييره (المقاس، اللون، العنوان...).' }] },
    })
    renderApp({ path: PATH, locale: 'ar' })
    fireEvent.click(await screen.findByRole('button', { name: 'أريد تعديل الطلب (المقاس، اللون، العنوان)' }))
    fireEvent.click(screen.getByRole('button', { name: 'إرسال طلب التعديل' }))
    expect(await screen.findByText('أخبرنا بما تريد تغييره (المقاس، اللون، العنوان...).')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('ماذا تريد أن نغيّر؟'), { target: { value: 'المقاس 43' } })
    fireEvent.click(screen.getByRole('button', { name: 'إرسال طلب التعديل' }))
    expect(await screen.findByText('وصلنا طلب التعديل، سنتصل بك قريبًا.')).toBeTruthy()
    await waitFor(() => expect(api.calls(`POST /confirm/${TOKEN}`)).toHaveLength(2))
    expect(api.calls(`POST /confirm/${TOKEN}`)[1]?.body).toEqual({ answer: 'change', note: 'المقاس 43' })
  })

  test('an expired or forged link says so, in the server’s words (French)', async () => {
    routeApi({
      '/settings': { data: { settings: SETTINGS } },
      'GET /confirm/bad': { status: 404, code: 'CONFIRM_LINK_INVALID', message: 'Ce lien de confirmation n’est pas valide ou a expiré. Veuillez contacter la boutique.' },
    })
    renderApp({ path: '/confirm/bad', locale: 'fr' })
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Ce lien de confirmation n’est pas valide ou a expiré. Veuillez contacter la boutique.')
  })
})
