import { fixture } from '@shop/client-kit'
import { staffAccount } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { AGENT, OWNER, SHOP, STAFF_MEMBER } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const MEMBERS = [OWNER, STAFF_MEMBER, AGENT].map((m) => fixture(staffAccount, { ...m, isActive: true, createdAt: '2025-11-01T10:00:00.000Z' }))

function stubStaff() {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/admin/staff': { data: { staff: MEMBERS, total: 3 } },
    '/admin/staff/s-3/password': ({ body }) => ({ data: { staff: MEMBERS[2], password: (body as { password?: string }).password ? null : 'Gen3rated-Pass-xyz' } }),
    '/admin/staff/s-3': ({ body }) => ({ data: { staff: { ...MEMBERS[2], ...(body as object) } } }),
  })
}

describe('staff accounts', () => {
  test('the three roles can be given, to a new account and to an existing one', async () => {
    const fetchMock = stubStaff()
    renderApp({ url: '/admin/staff', locale: 'en' })
    const select = await screen.findByRole('combobox', { name: 'Role of Lina Mansouri' })
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Owner', 'Manager', 'Agent'])
    fireEvent.change(select, { target: { value: 'manager' } })
    await waitFor(() => expect(callsTo(fetchMock, '/admin/staff/s-3').map((c) => c.body)).toEqual([{ role: 'manager' }]))
    expect((screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe('agent')
  })

  test('the owner resets a password: a typed one is checked rule by rule, a generated one is shown once', async () => {
    const fetchMock = stubStaff()
    renderApp({ url: '/admin/staff', locale: 'en' })
    fireEvent.click(await screen.findByRole('button', { name: 'Reset the password of Lina Mansouri' }))
    const form = screen.getByRole('form', { name: 'Reset the password of Lina Mansouri' })
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'qwerty123' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Set this password' }))
    expect(await within(form).findByText('This password is too common. Choose another one.')).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/staff/s-3/password')).toEqual([])
    fireEvent.click(within(form).getByRole('button', { name: 'Generate a password' }))
    expect(await screen.findByText(/New password for Lina Mansouri: Gen3rated-Pass-xyz/)).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/staff/s-3/password').map((c) => c.body)).toEqual([{}])
  })
})
