import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../http/app-error.ts'
import { pickLocalized as localized } from '@shop/shared'
import { bannerFocalPoint } from './banner-focus.ts'
import { listActiveBanners, listActivePixels, recordBannerClick } from './marketing.repo.ts'

const bannerParams = z.object({ id: z.uuid() })

export async function marketingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/banner/active', { schema: { tags: ['banners'], summary: 'Active banners within their dates, by order' } }, async (request, reply) => {
    const rows = await listActiveBanners(app.db)
    const focalPoints = await Promise.all(rows.map((b) => bannerFocalPoint(app.config.mediaDir, b.imagePath, b.imageWidths)))
    const banners = rows.map((b, index) => ({
      _id: b.id,
      title: localized(b.titleAr, b.titleFr, request.locale),
      description: localized(b.descriptionAr, b.descriptionFr, request.locale),
      titleAr: b.titleAr,
      titleFr: b.titleFr,
      descriptionAr: b.descriptionAr,
      descriptionFr: b.descriptionFr,
      link: b.link,
      order: b.position,
      isActive: b.isActive,
      startDate: b.startsAt,
      endDate: b.endsAt,
      image: b.image,
      // where the picture's subject is (percent from the top-left): phones crop around it, the text goes opposite
      focalPoint: focalPoints[index],
    }))
    return reply.ok({ banners })
  })

  api.post(
    '/banner/:id/click',
    { schema: { tags: ['banners'], summary: 'Count a banner click', params: bannerParams } },
    async (request, reply) => {
      const counted = await recordBannerClick(app.db, request.params.id)
      if (!counted) throw new AppError('NOT_FOUND')
      return reply.ok({ recorded: true })
    },
  )

  api.get('/facebook-pixels/active', { schema: { tags: ['pixels'], summary: 'Active Facebook pixels' } }, async (_request, reply) => {
    const pixels = await listActivePixels(app.db, 'facebook')
    return reply.ok({ pixels: pixels.map((p) => ({ _id: p.id, pixelId: p.pixelId })) })
  })

  api.get('/tiktok-pixels/storefront/codes', { schema: { tags: ['pixels'], summary: 'Active TikTok pixels' } }, async (_request, reply) => {
    const pixels = await listActivePixels(app.db, 'tiktok')
    return reply.ok({ pixels: pixels.map((p) => ({ _id: p.id, pixel_id: p.pixelId })) })
  })
}
