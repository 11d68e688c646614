import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { matchPage, pageRoutes } from './routes.tsx'

describe('routes', () => {
  it("names each page's own chunk in `page` (the server preloads that chunk with the page)", () => {
    const source = readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8')
    expect(pageRoutes.length).toBeGreaterThan(10)
    for (const route of pageRoutes) {
      const line = source.split('\n').find((text) => text.includes(`path: '${route.path}'`)) ?? ''
      expect(line, route.path).toContain(`import('./routes/${route.page}.tsx')`)
    }
  })

  it('finds the page of an address, with its parameters; anything else is not found', () => {
    expect(matchPage('/').route.page).toBe('home')
    const product = matchPage('/product/p-1')
    expect(product.route?.page).toBe('product')
    expect(product.params.productId).toBe('p-1')
    expect(matchPage('/category/c-men').params.categoryId).toBe('c-men')
    expect(matchPage('/auth/login').route?.page).toBe('auth-login')
    expect(matchPage('/product/p-1/more').route?.page).toBe('not-found')
    expect(matchPage('/no-such-page').route?.page).toBe('not-found')
  })
})
