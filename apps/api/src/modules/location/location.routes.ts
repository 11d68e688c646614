import { communesReply, ok, wilayaIdParams, wilayasReply } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../http/app-error.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { getShopSettings } from '../settings/settings.repo.ts'
import { listCommunes, listWilayas } from './location.repo.ts'

export async function locationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()

  api.get('/location/states', { schema: { tags: ['location'], summary: 'Wilayas of the division the shop shows', response: ok(wilayasReply) } }, async (request, reply) => {
    const { wilayaDivision } = await getShopSettings(app.db)
    const states = await listWilayas(app.db, wilayaDivision, request.locale)
    reply.header('cache-control', 'public, max-age=300')
    return reply.ok({ states, division: wilayaDivision })
  })

  api.get(
    '/location/states/:stateId/cities',
    { schema: { tags: ['location'], summary: 'Communes of a wilaya', params: wilayaIdParams, response: ok(communesReply) } },
    async (request, reply) => {
      const { wilayaDivision } = await getShopSettings(app.db)
      const cities = await listCommunes(app.db, wilayaDivision, request.params.stateId, request.locale)
      if (cities === null) throw new AppError('NOT_FOUND')
      reply.header('cache-control', 'public, max-age=300')
      return reply.ok({ cities })
    },
  )
}
