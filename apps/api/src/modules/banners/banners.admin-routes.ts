import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../http/app-error.ts'
import { responsiveImage } from '../../http/media.ts'
import { pagingQuery } from '../../http/paging.ts'
import { requireStaff } from '../../plugins/session.ts'
import { isoDateTime, paged, queryBoolean, requireUuid, withoutUndefined } from '../../http/admin-common.ts'
import { readMultipart, requireFile, storeBannerImage } from '../../http/uploads.ts'
import type { BannerRow } from './banners.repo.ts'
import { changeBanner, createBanner, listBanners, removeBanner, replaceBannerImage } from './banners.service.ts'

const params = z.object({ id: z.string() })
const nullableDate = isoDateTime.nullable().optional()

const link = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || (s.startsWith('/') && !s.startsWith('//')) || /^https?:\/\//i.test(s), 'validation:invalid')
const bannerFields = {
  titleAr: z.string().trim().max(200).optional(),
  titleFr: z.string().trim().max(200).optional(),
  descriptionAr: z.string().trim().max(500).optional(),
  descriptionFr: z.string().trim().max(500).optional(),
  link: link.nullable().optional().transform((v) => (v === '' ? null : v)),
  position: z.number().int().min(0).max(10_000).optional(),
  isActive: z.boolean().optional(),
  startsAt: nullableDate,
  endsAt: nullableDate,
}
const bannerPatch = z.object(bannerFields)
/** Multipart text fields arrive as strings. */
const bannerForm = z.object({
  ...bannerFields,
  position: z.coerce.number().int().min(0).max(10_000).optional(),
  isActive: queryBoolean.optional(),
  startsAt: isoDateTime.optional(),
  endsAt: isoDateTime.optional(),
})
const bannerList = z.object({ ...pagingQuery(50) })

const bannerReply = (b: BannerRow) => ({
  _id: b.id,
  titleAr: b.titleAr,
  titleFr: b.titleFr,
  descriptionAr: b.descriptionAr,
  descriptionFr: b.descriptionFr,
  link: b.link,
  position: b.position,
  isActive: b.isActive,
  startsAt: b.startsAt?.toISOString() ?? null,
  endsAt: b.endsAt?.toISOString() ?? null,
  clickCount: b.clickCount,
  image: responsiveImage(b.imagePath, b.imageWidths, { width: 1920, height: 1080 }, 960),
  createdAt: b.createdAt.toISOString(),
})

export async function bannerAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin: banners']
  const staffOnly = requireStaff('banners')
  const mediaDir = app.config.mediaDir
  api.get('/banners', { schema: { tags, summary: 'Banners in display order, with click counts', querystring: bannerList }, onRequest: staffOnly }, async (request, reply) => {
    const { page, limit } = request.query
    const { rows, total } = await listBanners(app.db, page, limit)
    return reply.ok({ banners: rows.map(bannerReply), ...paged(total, page, limit) })
  })
  api.post(
    '/banners',
    { schema: { tags, summary: 'Create a banner: multipart with "file" (JPEG/PNG/WebP, cropped to 16:9, WebP 960/1920) and the text fields', consumes: ['multipart/form-data'] }, onRequest: staffOnly },
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
    { schema: { tags, summary: 'Replace the banner picture (multipart "file")', params, consumes: ['multipart/form-data'] }, onRequest: staffOnly },
    async (request, reply) => {
      const row = await replaceBannerImage(app.db, mediaDir, requireUuid(request.params.id), async () => storeBannerImage(requireFile(await readMultipart(request)), mediaDir))
      return reply.ok({ banner: bannerReply(row) })
    },
  )
  api.patch('/banners/:id', { schema: { tags, summary: 'Change banner texts, link, order, dates', params, body: bannerPatch }, onRequest: staffOnly }, async (request, reply) => {
    const row = await changeBanner(app.db, requireUuid(request.params.id), withoutUndefined(request.body))
    return reply.ok({ banner: bannerReply(row) })
  })
  api.delete('/banners/:id', { schema: { tags, summary: 'Delete a banner and its pictures', params }, onRequest: staffOnly }, async (request, reply) => {
    await removeBanner(app.db, mediaDir, requireUuid(request.params.id))
    return reply.ok({ deleted: true })
  })
}
