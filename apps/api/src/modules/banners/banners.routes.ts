import { activeBannersReply, bannerClickParams, bannerClickReply, ok } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../http/app-error.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { pickLocalized as localized } from '@shop/shared'
import { bannerFocalPoint, CENTRE } from './banner-focus.ts'
import { listActiveBanners, recordBannerClick } from './banners.repo.ts'

/** The storefront's banners: the live ones, and their clicks. */
export async function bannerRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['banners']

  api.get('/banner/active', { schema: { tags, summary: 'Active banners within their dates, by order', response: ok(activeBannersReply) } }, async (request, reply) => {
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
      focalPoint: focalPoints[index] ?? CENTRE,
    }))
    return reply.ok({ banners })
  })

  api.post(
    '/banner/:id/click',
    { schema: { tags, summary: 'Count a banner click', params: bannerClickParams, response: ok(bannerClickReply) } },
    async (request, reply) => {
      const counted = await recordBannerClick(app.db, request.params.id)
      if (!counted) throw new AppError('NOT_FOUND')
      return reply.ok({ recorded: true })
    },
  )
}
