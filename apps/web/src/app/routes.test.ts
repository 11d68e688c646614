import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { routes } from './routes.tsx'

describe('routes', () => {
  it("names each lazy page's own chunk in handle.page (the server preloads that chunk with the page)", () => {
    const source = readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8')
    const children = routes[0]?.children ?? []
    const lazy = children.filter((route) => route.lazy !== undefined)
    expect(lazy.length).toBeGreaterThan(10)
    for (const route of lazy) {
      const page = (route.handle as { page?: string } | undefined)?.page
      expect(page, route.path).toBeTypeOf('string')
      const line = source.split('\n').find((text) => text.includes(`path: '${route.path}'`)) ?? ''
      expect(line, route.path).toContain(`import('./routes/${page}.tsx')`)
    }
  })
})
