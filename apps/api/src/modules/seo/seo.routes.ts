import type { FastifyInstance } from 'fastify'
import { listSitemapEntries } from './seo.repo.ts'
import { escapeHtml } from './seo.tags.ts'
import { siteOrigin } from './storefront-html.ts'

// Pages that are private or useless to a search engine.
const DISALLOWED = ['/admin', '/api', '/cart', '/place-order', '/orders', '/profile']

/** Files for search engines at the site root: /robots.txt and /sitemap.xml. */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const origin = siteOrigin(app, request)
    const body = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
    return reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(body)
  })

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = siteOrigin(app, request)
    const { categories, products } = await listSitemapEntries(app.db)
    const url = (loc: string, lastmod?: Date) =>
      `  <url><loc>${escapeHtml(`${origin}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url('/'),
      url('/collection'),
      ...categories.map((c) => url(`/category/${c.id}`, c.updatedAt)),
      ...products.map((p) => url(`/product/${p.id}`, p.updatedAt)),
      '</urlset>',
      '',
    ].join('\n')
    return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(body)
  })
}
