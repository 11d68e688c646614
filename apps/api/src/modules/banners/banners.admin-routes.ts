import {
  adminBannerListReply,
  adminBannerReply,
  bannerForm,
  bannerListQuery,
  bannerPatchBody,
  created,
  deleted,
  marketingIdParams as params,
  ok,
} from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../../http/app-error.ts'
import { responsiveImage } from '../../http/media.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff } from '../../plugins/session.ts'
import { paged, requireUuid, withoutUndefined } from '../../http/admin-common.ts'
import { readMultipart, requireFile, storeBannerImage } from '../../http/uploads.ts'
import { BANNER_IMAGE_SIZE, type BannerRow } from './banners.repo.ts'
import { changeBanner, createBanner, listBanners, removeBanner, replaceBannerImage } from './banners.service.ts'

const bannerReply = (b: BannerRow): z.input<typeof adminBannerReply>['banner'] => ({
  _id: b.id,
  titleAr: b.titleAr,
  titleFr: b.titleFr,
  descriptionAr: b.descriptionAr,
  descriptionFr: b.descriptionFr,
  link: b.link,
  position: b.position,
  isActive: b.isActive,
  startsAt: b.startsAt,
  endsAt: b.endsAt,
  clickCount: b.clickCount,
  image: responsiveImage(b.imagePath, b.imageWidths, BANNER_IMAGE_SIZE, 960),
  createdAt: b.createdAt,
})

export async function bannerAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: banners']
  const staffOnly = requireStaff('banners')
  const mediaDir = app.config.mediaDir
  api.get('/banners', { schema: { tags, summary: 'Banners in display order, with click counts', querystring: bannerListQuery, response: ok(adminBannerListReply) }, onRequest: staffOnly }, async (request, reply) => {
    const { page, limit } = request.query
    const { rows, total } = await listBanners(app.db, page, limit)
    return reply.ok({ banners: rows.map(bannerReply), ...paged(total, page, limit) })
  })
  api.post(
    '/banners',
    { schema: { tags, summary: 'Create a banner: multipart with "file" (JPEG/PNG/WebP, cropped to 16:9, WebP 960/1920) and the text fields', consumes: ['multipart/form-data'], response: created(adminBannerReply) }, onRequest: staffOnly },
    async (request, reply) => {
      const form = await readMultipart(request)
      const parsed = bannerForm.safeParse(form.fields)
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', {
          fieldErrors: parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message.startsWith('validation:') ? i.message : 'validation:invalid' })),
        })
      }
      const row = await createBanner(app.db, mediaDir, withoutUndefined(parsed.data), () => storeBannerImage(requireFile(form), mediaDir))
      return reply.code(201).ok({ banner: bannerReply(row) })
    },
  )
  api.post(
    '/banners/:id/image',
    { schema: { tags, summary: 'Replace the banner picture (multipart "file")', params, consumes: ['multipart/form-data'], response: ok(adminBannerReply) }, onRequest: staffOnly },
    async (request, reply) => {
      const row = await replaceBannerImage(app.db, mediaDir, requireUuid(request.params.id), async () => storeBannerImage(requireFile(await readMultipart(request)), mediaDir))
      return reply.ok({ banner: bannerReply(row) })
    },
  )
  api.patch('/banners/:id', { schema: { tags, summary: 'Change banner texts, link, order, dates', params, body: bannerPatchBody, response: ok(adminBannerReply) }, onRequest: staffOnly }, async (request, reply) => {
    const row = await changeBanner(app.db, requireUuid(request.params.id), withoutUndefined(request.body))
    return reply.ok({ banner: bannerReply(row) })
  })
  api.delete('/banners/:id', { schema: { tags, summary: 'Delete a banner and its pictures', params, response: ok(deleted) }, onRequest: staffOnly }, async (request, reply) => {
    await removeBanner(app.db, mediaDir, requireUuid(request.params.id))
    return reply.ok({ deleted: true })
  })
}
