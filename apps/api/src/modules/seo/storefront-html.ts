import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * The storefront's index.html for a client-side route, with the page's own title, description,
 * canonical URL and sharing tags when the route names a product or a category; null to send the
 * built file unchanged.
 */
export async function storefrontHtml(_app: FastifyInstance, _request: FastifyRequest, _pathname: string): Promise<string | null> {
  return null
}
