import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import type { Subscription } from '@shop/shared'
import { formatDateTime } from '../../lib/dates.ts'
import { OWNER, SHOP, STAFF_MEMBER } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { stubApi } from '../../test/stub-api.ts'

const SUBSCRIPTIONS: Subscription[] = [
  { _id: 'n-1', email: 'lina@example.dz', locale: 'fr', createdAt: '2025-11-21T09:30:00.000Z' },
  { _id: 'n-2', email: 'omar@example.dz', locale: 'ar', createdAt: '2025-11-20T18:00:00.000Z' },
]

function stubNewsletter(staff = OWNER) {
  return stubApi({
    '/admin/auth/me': { data: { staff } },
    '/settings': { data: SHOP },
    '/admin/newsletter': { data: { subscriptions: SUBSCRIPTIONS, currentPage: 2, totalPages: 3, total: 102 } },
  })
}

function listQueries(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/admin/newsletter')
    .map((url) => Object.fromEntries(url.searchParams))
}

describe('newsletter subscribers', () => {
  test('lists each e-mail with its language and date, the total, and links the CSV export (French)', async () => {
    const fetchMock = stubNewsletter()
    renderApp({ url: '/admin/newsletter?page=2', locale: 'fr' })
    const table = await screen.findByRole('table', { name: 'Abonnés à la newsletter' })
    const lina = within(table).getByRole('rowheader', { name: 'lina@example.dz' }).closest('tr') as HTMLElement
    expect(within(lina).getByText('Français')).toBeTruthy()
    expect(within(lina).getByText(formatDateTime('2025-11-21T09:30:00.000Z', 'fr'))).toBeTruthy()
    const omar = within(table).getByRole('rowheader', { name: 'omar@example.dz' }).closest('tr') as HTMLElement
    expect(within(omar).getByText('العربية')).toBeTruthy()
    expect(screen.getByText('102 abonnés')).toBeTruthy()
    expect(screen.getByText('Page 2 sur 3')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Exporter (CSV)' }).getAttribute('href')).toBe('/api/v1/admin/newsletter/export.csv')
    expect(listQueries(fetchMock)[0]).toEqual({ page: '2', limit: '50' })
  })

  test('staff see it too, in Arabic', async () => {
    stubNewsletter(STAFF_MEMBER)
    renderApp({ url: '/admin/newsletter' })
    expect(await screen.findByRole('heading', { level: 1, name: 'النشرة البريدية' })).toBeTruthy()
    expect(await screen.findByRole('table', { name: 'المشتركون في النشرة البريدية' })).toBeTruthy()
    expect(screen.getByText('102 مشترك')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'تصدير (CSV)' })).toBeTruthy()
  })

  test('an empty list says where subscribers come from', async () => {
    stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/admin/newsletter': { data: { subscriptions: [], currentPage: 1, totalPages: 1, total: 0 } },
    })
    renderApp({ url: '/admin/newsletter', locale: 'en' })
    expect(await screen.findByText('No subscriber yet. E-mails entered in the shop’s newsletter form appear here.')).toBeTruthy()
    expect(screen.getByText('0 subscribers')).toBeTruthy()
  })
})
