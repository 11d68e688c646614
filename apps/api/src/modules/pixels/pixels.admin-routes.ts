import { PIXEL_PLATFORMS } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireStaff } from '../../plugins/session.ts'
import { requireUuid, withoutUndefined } from '../../http/admin-common.ts'
import type { PixelRow } from './pixels.repo.ts'
import { addPixel, changePixel, listPixels, removePixel } from './pixels.service.ts'

const params = z.object({ id: z.string() })

const pixelFields = {
  platform: z.enum(PIXEL_PLATFORMS),
  pixelId: z.string().trim().regex(/^[A-Za-z0-9_-]{5,64}$/, 'validation:invalid'),
  isActive: z.boolean().optional(),
}
const pixelReply = (p: PixelRow) => ({ _id: p.id, platform: p.platform, pixelId: p.pixelId, isActive: p.isActive, createdAt: p.createdAt.toISOString() })

/** Facebook and TikTok pixels (owner). */
export async function pixelAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin: pixels']
  const ownerOnly = requireStaff('pixels')
  api.get('/pixels', { schema: { tags, summary: 'Facebook and TikTok pixels (owner)' }, onRequest: ownerOnly }, async (_request, reply) => {
    const rows = await listPixels(app.db)
    return reply.ok({ pixels: rows.map(pixelReply), total: rows.length })
  })
  api.post('/pixels', { schema: { tags, summary: 'Add a pixel (owner)', body: z.object(pixelFields) }, onRequest: ownerOnly }, async (request, reply) => {
    return reply.code(201).ok({ pixel: pixelReply(await addPixel(app.db, request.body)) })
  })
  api.patch('/pixels/:id', { schema: { tags, summary: 'Change a pixel (owner)', params, body: z.object(pixelFields).partial() }, onRequest: ownerOnly }, async (request, reply) => {
    return reply.ok({ pixel: pixelReply(await changePixel(app.db, requireUuid(request.params.id), withoutUndefined(request.body))) })
  })
  api.delete('/pixels/:id', { schema: { tags, summary: 'Remove a pixel (owner)', params }, onRequest: ownerOnly }, async (request, reply) => {
    await removePixel(app.db, requireUuid(request.params.id))
    return reply.ok({ deleted: true })
  })
}
