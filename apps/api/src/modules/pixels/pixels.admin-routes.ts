import {
  adminPixelListReply,
  adminPixelReply,
  created,
  deleted,
  marketingIdParams as params,
  ok,
  pixelBody,
  type PixelPlatform,
  pixelPatchBody,
} from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff } from '../../plugins/session.ts'
import { requireUuid, withoutUndefined } from '../../http/admin-common.ts'
import type { PixelRow } from './pixels.repo.ts'
import { addPixel, changePixel, listPixels, removePixel } from './pixels.service.ts'

const pixelReply = (p: PixelRow): z.input<typeof adminPixelReply>['pixel'] => ({
  _id: p.id,
  // the database accepts only the platforms of PIXEL_PLATFORMS
  platform: p.platform as PixelPlatform,
  pixelId: p.pixelId,
  isActive: p.isActive,
  hasAccessToken: p.accessToken !== null,
  testEventCode: p.testEventCode,
  createdAt: p.createdAt,
})

/** The body as stored: the access token sealed (never kept in clear), null removing it, absent keeping it. */
function sealed<T extends { accessToken?: string | null | undefined }>(app: FastifyInstance, body: T): T {
  if (typeof body.accessToken !== 'string') return body
  return { ...body, accessToken: app.secrets.seal(body.accessToken) }
}

/** Facebook and TikTok pixels (owner). */
export async function pixelAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: pixels']
  const ownerOnly = requireStaff('pixels')
  api.get('/pixels', { schema: { tags, summary: 'Facebook and TikTok pixels (owner)', response: ok(adminPixelListReply) }, onRequest: ownerOnly }, async (_request, reply) => {
    const rows = await listPixels(app.db)
    return reply.ok({ pixels: rows.map(pixelReply), total: rows.length })
  })
  api.post('/pixels', { schema: { tags, summary: 'Add a pixel (owner)', body: pixelBody, response: created(adminPixelReply) }, onRequest: ownerOnly }, async (request, reply) => {
    const pixel = await addPixel(app.db, sealed(app, request.body))
    await app.serverEvents.refresh()
    return reply.code(201).ok({ pixel: pixelReply(pixel) })
  })
  api.patch('/pixels/:id', { schema: { tags, summary: 'Change a pixel (owner)', params, body: pixelPatchBody, response: ok(adminPixelReply) }, onRequest: ownerOnly }, async (request, reply) => {
    const pixel = await changePixel(app.db, requireUuid(request.params.id), withoutUndefined(sealed(app, request.body)))
    await app.serverEvents.refresh()
    return reply.ok({ pixel: pixelReply(pixel) })
  })
  api.delete('/pixels/:id', { schema: { tags, summary: 'Remove a pixel (owner)', params, response: ok(deleted) }, onRequest: ownerOnly }, async (request, reply) => {
    await removePixel(app.db, requireUuid(request.params.id))
    await app.serverEvents.refresh()
    return reply.ok({ deleted: true })
  })
}
