import { facebookPixelsReply, ok, tiktokPixelsReply } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { listActivePixels } from './pixels.repo.ts'

/** The storefront's ad pixels: the active ids of each platform, in each platform's field name. */
export async function pixelRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['pixels']

  api.get('/facebook-pixels/active', { schema: { tags, summary: 'Active Facebook pixels', response: ok(facebookPixelsReply) } }, async (_request, reply) => {
    const pixels = await listActivePixels(app.db, 'facebook')
    return reply.ok({ pixels: pixels.map((p) => ({ _id: p.id, pixelId: p.pixelId, serverEvents: p.serverEvents })) })
  })

  api.get('/tiktok-pixels/storefront/codes', { schema: { tags, summary: 'Active TikTok pixels', response: ok(tiktokPixelsReply) } }, async (_request, reply) => {
    const pixels = await listActivePixels(app.db, 'tiktok')
    return reply.ok({ pixels: pixels.map((p) => ({ _id: p.id, pixel_id: p.pixelId, serverEvents: p.serverEvents })) })
  })
}
