import { describe, expect, test } from 'vitest'
import { bannerTarget } from './banner-link.ts'

describe('banner links', () => {
  test('an in-store path stays in the app', () => {
    expect(bannerTarget('/collection?sort=new')).toEqual({ kind: 'internal', to: '/collection?sort=new' })
    expect(bannerTarget(`${window.location.origin}/category/c-1`)).toEqual({ kind: 'internal', to: '/category/c-1' })
  })

  test('another site opens as a plain link', () => {
    expect(bannerTarget('https://instagram.com/khatwa')).toEqual({
      kind: 'external',
      href: 'https://instagram.com/khatwa',
    })
  })

  test('script, protocol-relative and empty links are dropped', () => {
    expect(bannerTarget('javascript:alert(1)')).toBeNull()
    expect(bannerTarget('//evil.example/x')).toBeNull()
    expect(bannerTarget('')).toBeNull()
    expect(bannerTarget(null)).toBeNull()
  })
})
