import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { AGENT, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, type StubHandler, stubApi } from '../../test/stub-api.ts'

function stubAccount(password: StubHandler = { data: null }) {
  return stubApi({
    '/admin/auth/me': { data: { staff: AGENT } },
    '/settings': { data: SHOP },
    '/admin/auth/password': password,
  })
}

function fill(current: string, next: string, repeat = next) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } })
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } })
  fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: repeat } })
  fireEvent.click(screen.getByRole('button', { name: 'Change the password' }))
}

describe('own password', () => {
  test('any member reaches it from the account block, and each broken rule is named, not "not valid"', async () => {
    const fetchMock = stubAccount()
    const { currentUrl } = renderApp({ locale: 'en' })
    fireEvent.click((await screen.findAllByRole('link', { name: 'My password' }))[0]!)
    await waitFor(() => expect(currentUrl()).toBe('/admin/account'))
    expect(await screen.findByRole('heading', { level: 1, name: 'My password' })).toBeTruthy()
    fill('old-secret-1', 'short')
    expect(await screen.findByText('The password must have at least 8 characters.')).toBeTruthy()
    fill('old-secret-1', 'password123')
    expect(await screen.findByText('This password is too common. Choose another one.')).toBeTruthy()
    fill('old-secret-1', 'a-new-long-secret', 'a-new-long-secreX')
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/auth/password')).toEqual([])
  })

  test('sends the current and new password, then says the other sessions ended (Arabic)', async () => {
    const fetchMock = stubAccount()
    renderApp({ url: '/admin/account', locale: 'ar' })
    fireEvent.change(await screen.findByLabelText('كلمة المرور الحالية'), { target: { value: 'old-secret-1' } })
    fireEvent.change(screen.getByLabelText('كلمة المرور الجديدة'), { target: { value: 'a-new-long-secret' } })
    fireEvent.change(screen.getByLabelText('أعد كتابة كلمة المرور الجديدة'), { target: { value: 'a-new-long-secret' } })
    fireEvent.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }))
    expect(await screen.findByText('تم تغيير كلمة المرور. أُغلقت جلساتك الأخرى.')).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/auth/password').map((c) => c.body)).toEqual([
      { currentPassword: 'old-secret-1', newPassword: 'a-new-long-secret' },
    ])
  })

  test('a wrong current password is shown under that field', async () => {
    stubAccount({ status: 422, code: 'WRONG_PASSWORD', errors: [{ field: 'currentPassword', message: 'The current password is wrong.' }] })
    renderApp({ url: '/admin/account', locale: 'en' })
    await screen.findByLabelText('Current password')
    fill('nope-nope-1', 'a-new-long-secret')
    const field = screen.getByLabelText('Current password')
    expect(await screen.findByText('The current password is wrong.')).toBeTruthy()
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
  })
})
