import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { FIGURES, OWNER, SHOP, STAFF_MEMBER } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { stubApi } from '../../test/stub-api.ts'

function stubAs(staff: typeof OWNER) {
  return stubApi({
    '/admin/auth/me': { data: { staff } },
    '/admin/dashboard': { data: FIGURES },
    '/settings': { data: SHOP },
  })
}

const OWNER_LINKS = ['Pixels', 'Paramètres', 'Équipe']
const EVERYONE = ['Tableau de bord', 'Commandes', 'Produits', 'Catégories', 'Codes promo', 'Tarifs de livraison', 'Bannières', 'Messages', 'Newsletter']

describe('owner-only screens', () => {
  test('staff see the daily screens but not settings, pixels and staff accounts', async () => {
    stubAs(STAFF_MEMBER)
    renderApp({ locale: 'fr' })
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' })
    const names = within(nav).getAllByRole('link').map((link) => link.textContent)
    expect(names).toEqual(EVERYONE)
    for (const name of OWNER_LINKS) expect(within(nav).queryByRole('link', { name })).toBeNull()
  })

  test('owners see every screen', async () => {
    stubAs(OWNER)
    renderApp({ locale: 'fr' })
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' })
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([...EVERYONE, ...OWNER_LINKS])
  })

  test('staff who open an owner address by hand are told it is the owner’s (Arabic)', async () => {
    stubAs(STAFF_MEMBER)
    renderApp({ url: '/admin/settings', locale: 'ar' })
    expect(await screen.findByRole('heading', { name: 'خاص بالمالك' })).toBeTruthy()
    expect(screen.getByText('هذه الصفحة متاحة لمالك المتجر فقط.')).toBeTruthy()
  })
})
