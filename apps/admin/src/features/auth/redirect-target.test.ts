import { describe, expect, test } from 'vitest'
import { loginPath, redirectTarget } from './redirect-target.ts'

const target = (redirect: string | null) =>
  redirectTarget(new URLSearchParams(redirect === null ? '' : `redirect=${encodeURIComponent(redirect)}`))

describe('redirect after sign-in', () => {
  test('goes back to the path and query staff asked for', () => {
    expect(loginPath('/orders?status=pending')).toBe('/login?redirect=%2Forders%3Fstatus%3Dpending')
    expect(redirectTarget(new URLSearchParams('redirect=%2Forders%3Fstatus%3Dpending'))).toBe('/orders?status=pending')
  })

  test('takes a full /admin address as the same screen', () => {
    expect(target('/admin/orders')).toBe('/orders')
    expect(target('/admin')).toBe('/')
  })

  test('falls back to the dashboard when missing, not a path, or the login page itself', () => {
    expect(target(null)).toBe('/')
    expect(target('')).toBe('/')
    expect(target('orders')).toBe('/')
    expect(target('/login')).toBe('/')
    expect(target('/admin/login?redirect=/login')).toBe('/')
  })

  test('never leads to another site', () => {
    for (const evil of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/admin',
      '/\t/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(target(evil), evil).toBe('/')
    }
  })
})
