import type { FastifyInstance } from 'fastify'

/** Files for search engines at the site root: /robots.txt and /sitemap.xml. */
export async function seoRoutes(_app: FastifyInstance): Promise<void> {}
