import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { OWNER, SHOP, STAFF_MEMBER } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const DEAD = {
  _id: 42,
  queue: 'mail.send',
  status: 'dead',
  attempts: 8,
  maxAttempts: 8,
  summary: '{"to":"a***@example.dz","subject":"Commande KH2345ABCD reçue"}',
  lastError: 'Error: 554 relay refused',
  runAt: '2025-11-21T10:00:00.000Z',
  createdAt: '2025-11-21T09:00:00.000Z',
  finishedAt: '2025-11-21T10:00:00.000Z',
}

describe('background jobs', () => {
  test('counts per queue and the failed jobs with their last error; retry and delete call the API (French)', async () => {
    let dead = [DEAD]
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/admin/jobs': () => ({
        data: { queues: [{ queue: 'mail.send', queued: 1, running: 0, done: 12, dead: dead.length }], jobs: dead, currentPage: 1, totalPages: 1, total: dead.length },
      }),
      '/admin/jobs/42/retry': () => {
        dead = []
        return { data: { job: { ...DEAD, status: 'queued', attempts: 0, finishedAt: null } } }
      },
      '/admin/jobs/42': () => {
        dead = []
        return { data: null }
      },
    })
    renderApp({ url: '/admin/jobs', locale: 'fr' })
    const table = await screen.findByRole('table', { name: 'Tâches par file et par état' })
    const row = within(table).getByRole('row', { name: /mail\.send/ })
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '0', '12', '1'])
    const list = screen.getByRole('list', { name: 'Tâches' })
    const [item] = within(list).getAllByRole('listitem')
    expect(within(item!).getByText('Tentatives : 8 sur 8')).toBeTruthy()
    expect(within(item!).getByText('Error: 554 relay refused')).toBeTruthy()
    expect(within(item!).getByText(DEAD.summary)).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/jobs?status=dead&page=1&limit=30')).toHaveLength(1)

    fireEvent.click(within(item!).getByRole('button', { name: 'Relancer' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/jobs/42/retry').map((c) => c.method)).toEqual(['POST']))
    expect(await screen.findByText('Aucune tâche en échec : tout est passé.')).toBeTruthy()
  })

  test('delete asks first, then calls the API (Arabic)', async () => {
    window.confirm = vi.fn(() => true)
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/admin/jobs': { data: { queues: [{ queue: 'mail.send', queued: 0, running: 0, done: 0, dead: 1 }], jobs: [DEAD], currentPage: 1, totalPages: 1, total: 1 } },
      '/admin/jobs/42': { data: null },
    })
    renderApp({ url: '/admin/jobs', locale: 'ar' })
    fireEvent.click(await screen.findByRole('button', { name: 'حذف' }))
    expect(window.confirm).toHaveBeenCalledWith('حذف المهمة رقم 42؟ لن تُنفَّذ بعد الآن.')
    await waitFor(() => expect(callsTo(fetchMock, '/admin/jobs/42').map((c) => c.method)).toEqual(['DELETE']))
  })

  test('a manager is told the screen is the owner’s, and has no link to it', async () => {
    stubApi({ '/admin/auth/me': { data: { staff: STAFF_MEMBER } }, '/settings': { data: SHOP } })
    renderApp({ url: '/admin/jobs', locale: 'en' })
    expect(await screen.findByRole('heading', { name: /owner/i })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Background jobs' })).toBeNull()
  })
})
