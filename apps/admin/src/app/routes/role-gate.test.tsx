import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { AGENT, FIGURES, OWNER, SHOP, STAFF_MEMBER } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { stubApi } from '../../test/stub-api.ts'

function stubAs(staff: typeof OWNER) {
  return stubApi({
    '/admin/auth/me': { data: { staff } },
    '/admin/dashboard': { data: FIGURES },
    '/settings': { data: SHOP },
  })
}

const AGENT_LINKS = ['Tableau de bord', 'Commandes', 'File d’appels', 'Rappels']
const MANAGER_LINKS = [...AGENT_LINKS, 'Liste noire', 'Produits', 'Catégories', 'Codes promo', 'Tarifs de livraison', 'Bannières', 'Messages', 'Newsletter']
const OWNER_LINKS = [...MANAGER_LINKS, 'Pixels', 'Paramètres', 'Transporteurs', 'Argent des transporteurs', 'Équipe', 'Journal des modifications', 'Tâches de fond']

async function navLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Navigation principale' })
  return within(nav).getAllByRole('link').map((link) => link.textContent)
}

describe('screens by role', () => {
  test('an agent sees the dashboard, orders, the call queue and the call-backs only: no catalogue, coupons, delivery prices or audit log', async () => {
    stubAs(AGENT)
    renderApp({ locale: 'fr' })
    expect(await navLinks()).toEqual(AGENT_LINKS)
  })

  test('a manager sees the daily screens but not settings, pixels, staff accounts or the audit log', async () => {
    stubAs(STAFF_MEMBER)
    renderApp({ locale: 'fr' })
    expect(await navLinks()).toEqual([...MANAGER_LINKS, 'Argent des transporteurs'])
  })

  test('owners see every screen, the audit log too', async () => {
    stubAs(OWNER)
    renderApp({ locale: 'fr' })
    expect(await navLinks()).toEqual(OWNER_LINKS)
  })

  test('a manager who opens an owner address by hand is told it is the owner’s (Arabic)', async () => {
    stubAs(STAFF_MEMBER)
    renderApp({ url: '/admin/settings', locale: 'ar' })
    expect(await screen.findByRole('heading', { name: 'خاص بالمالك' })).toBeTruthy()
    expect(screen.getByText('هذه الصفحة متاحة لمالك المتجر فقط.')).toBeTruthy()
  })

  test('an agent who opens the coupons address is told the role cannot open it, and nothing is loaded', async () => {
    const fetchMock = stubAs(AGENT)
    renderApp({ url: '/admin/coupons', locale: 'en' })
    expect(await screen.findByRole('heading', { name: 'Not open to your role' })).toBeTruthy()
    expect(screen.getByText('The Agent role cannot open this page. Ask the shop’s owner if you need it.')).toBeTruthy()
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/admin/coupons'))).toBe(false)
  })

  test('an agent who opens the audit log is told it is the owner’s (French)', async () => {
    stubAs(AGENT)
    renderApp({ url: '/admin/audit-log', locale: 'fr' })
    expect(await screen.findByRole('heading', { name: 'Réservé au propriétaire' })).toBeTruthy()
  })
})
