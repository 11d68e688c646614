import { COUPON_TYPES, PIXEL_PLATFORMS } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, asc, count, desc, eq, ilike, isNull, lte, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { adPixels, banners, categories, couponRedemptions, coupons, products } from '../../db/schema.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { responsiveImage } from '../../http/media.ts'
import { isUuid, pagingQuery } from '../../http/paging.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { type Actor, changedFields, writeAudit } from './audit.ts'
import { isoDateTime, mapConstraint, paged, queryBoolean, requireUuid } from './admin-common.ts'
import { readMultipart, removeImageFiles, requireFile, storeBannerImage } from './admin-media.ts'

const params = z.object({ id: z.string() })
const nullableDate = isoDateTime.nullable().optional()
const withoutUndefined = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>

// ---------------------------------------------------------------- coupons

const couponFields = {
  code: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{3,32}$/, 'validation:invalid')),
  type: z.enum(COUPON_TYPES),
  value: z.number().int().min(1).max(100_000_000),
  minOrder: z.number().int().min(0).max(100_000_000).optional(),
  maxUses: z.number().int().min(1).max(10_000_000).nullable().optional(),
  perCustomerLimit: z.number().int().min(1).max(1000).optional(),
  startsAt: nullableDate,
  expiresAt: nullableDate,
  isActive: z.boolean().optional(),
}
const couponCreate = z.object(couponFields)
const couponPatch = z.object(couponFields).partial()
const couponList = z.object({ search: z.string().trim().max(32).optional(), ...pagingQuery(50) })

type CouponRow = typeof coupons.$inferSelect
const couponReply = (c: CouponRow) => ({
  _id: c.id,
  code: c.code,
  type: c.type,
  value: c.value,
  minOrder: c.minOrder,
  maxUses: c.maxUses,
  usedCount: c.usedCount,
  perCustomerLimit: c.perCustomerLimit,
  startsAt: c.startsAt?.toISOString() ?? null,
  expiresAt: c.expiresAt?.toISOString() ?? null,
  isActive: c.isActive,
  createdAt: c.createdAt.toISOString(),
})

/** The terms of a coupon that change what customers pay, as the audit log records them. */
const COUPON_TERMS = ['code', 'type', 'value', 'minOrder', 'maxUses', 'perCustomerLimit', 'startsAt', 'expiresAt', 'isActive'] as const
function couponTerms(c: CouponRow) {
  return {
    code: c.code,
    type: c.type,
    value: c.value,
    minOrder: c.minOrder,
    maxUses: c.maxUses,
    perCustomerLimit: c.perCustomerLimit,
    startsAt: c.startsAt?.toISOString() ?? null,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    isActive: c.isActive,
  }
}

const couponConstraints = {
  coupons_code_live_key: new AppError('CODE_TAKEN', { fieldErrors: [{ field: 'code', message: 'errors:CODE_TAKEN' }] }),
  coupons_value_check: new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'value', message: 'validation:invalid' }] }),
  coupons_used_within_max: new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'maxUses', message: 'validation:invalid' }] }),
}

/**
 * A code held by a live coupon that has expired is given back: that coupon is retired (kept, with its
 * redemptions, for the orders' history) so that a new one can take the code. A code held by a coupon that
 * can still be used stays taken (the unique index answers CODE_TAKEN).
 */
async function releaseExpiredCode(db: Db, actor: Actor, code: string, keepId?: string) {
  const retired = await db
    .update(coupons)
    .set({ deletedAt: sql`now()`, isActive: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(coupons.code, code),
        isNull(coupons.deletedAt),
        lte(coupons.expiresAt, sql`now()`),
        keepId ? ne(coupons.id, keepId) : undefined,
      ),
    )
    .returning()
  for (const row of retired) {
    await writeAudit(db, actor, { kind: 'coupon', action: 'retire', entity: 'coupon', entityId: row.id, label: row.code, before: couponTerms(row), after: null })
  }
}

function checkCouponDates(startsAt: Date | null | undefined, expiresAt: Date | null | undefined) {
  if (startsAt && expiresAt && startsAt >= expiresAt) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'expiresAt', message: 'validation:invalid' }] })
  }
}

// ---------------------------------------------------------------- banners

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

type BannerRow = typeof banners.$inferSelect
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

/** Storefront pages a banner may lead to besides a category or a product (apps/web/src/app/routes.tsx). */
export const STOREFRONT_PAGES = ['/', '/collection', '/cart', '/tracking', '/about', '/contact', '/terms', '/orders', '/profile', '/auth/login', '/auth/register'] as const

/**
 * A banner's link must lead somewhere: an outside http(s) address, a known storefront page, or an
 * existing, visible category or product (`/category/<id or slug>`, `/product/<id or slug>`).
 */
async function checkBannerLink(db: Db, value: string | null | undefined) {
  if (!value || /^https?:\/\//i.test(value)) return
  const refused = new AppError('LINK_NOT_FOUND', { fieldErrors: [{ field: 'link', message: 'errors:LINK_NOT_FOUND' }] })
  const pathOnly = (value.split(/[?#]/)[0] ?? '').replace(/(.)\/+$/, '$1')
  if ((STOREFRONT_PAGES as readonly string[]).includes(pathOnly)) return
  const match = /^\/(category|product)\/([^/]+)$/.exec(pathOnly)
  if (!match) throw refused
  let key: string
  try {
    key = decodeURIComponent(match[2]!)
  } catch {
    throw refused
  }
  const table = match[1] === 'category' ? categories : products
  const [found] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(isUuid(key) ? eq(table.id, key.toLowerCase()) : eq(table.slug, key), eq(table.isActive, true)))
    .limit(1)
  if (!found) throw refused
}

function checkBannerDates(startsAt: Date | null | undefined, endsAt: Date | null | undefined) {
  if (startsAt && endsAt && startsAt >= endsAt) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'endsAt', message: 'validation:invalid' }] })
  }
}

// ---------------------------------------------------------------- pixels

const pixelFields = {
  platform: z.enum(PIXEL_PLATFORMS),
  pixelId: z.string().trim().regex(/^[A-Za-z0-9_-]{5,64}$/, 'validation:invalid'),
  isActive: z.boolean().optional(),
}
type PixelRow = typeof adPixels.$inferSelect
const pixelReply = (p: PixelRow) => ({ _id: p.id, platform: p.platform, pixelId: p.pixelId, isActive: p.isActive, createdAt: p.createdAt.toISOString() })
const pixelConstraints = { ad_pixels_platform_pixel_key: new AppError('CODE_TAKEN', { fieldErrors: [{ field: 'pixelId', message: 'errors:CODE_TAKEN' }] }) }

export async function marketingAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()

  // coupons
  {
    const tags = ['admin: coupons']
    const staffOnly = requireStaff('coupons')
    const getCoupon = async (raw: string) => {
      const [row] = await app.db
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, requireUuid(raw)), isNull(coupons.deletedAt)))
        .limit(1)
      if (!row) throw new AppError('NOT_FOUND')
      return row
    }
    api.get('/coupons', { schema: { tags, summary: 'Coupons, newest first, with their use count', querystring: couponList }, onRequest: staffOnly }, async (request, reply) => {
      const { page, limit, search } = request.query
      const where = and(isNull(coupons.deletedAt), search ? ilike(coupons.code, `%${search.replace(/[\\%_]/g, '')}%`) : undefined)
      const [rows, [total]] = await Promise.all([
        app.db.select().from(coupons).where(where).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(limit).offset((page - 1) * limit),
        app.db.select({ n: count() }).from(coupons).where(where),
      ])
      return reply.ok({ coupons: rows.map(couponReply), ...paged(total?.n ?? 0, page, limit) })
    })
    api.post('/coupons', { schema: { tags, summary: 'Create a coupon (code upper-cased)', body: couponCreate }, onRequest: staffOnly }, async (request, reply) => {
      const body = request.body
      if (body.type === 'percentage' && body.value > 100) throw couponConstraints.coupons_value_check
      checkCouponDates(body.startsAt, body.expiresAt)
      const actor = staffOf(request)
      const row = await mapConstraint(
        () =>
          app.db.transaction(async (tx) => {
            await releaseExpiredCode(tx, actor, body.code)
            const [created] = await tx.insert(coupons).values(body).returning()
            if (!created) throw new Error('coupon insert returned nothing')
            await writeAudit(tx, actor, { kind: 'coupon', action: 'create', entity: 'coupon', entityId: created.id, label: created.code, after: couponTerms(created) })
            return created
          }),
        couponConstraints,
      )
      return reply.code(201).ok({ coupon: couponReply(row) })
    })
    api.patch('/coupons/:id', { schema: { tags, summary: 'Change a coupon', params, body: couponPatch }, onRequest: staffOnly }, async (request, reply) => {
      const current = await getCoupon(request.params.id)
      const body = request.body
      checkCouponDates(body.startsAt === undefined ? current.startsAt : body.startsAt, body.expiresAt === undefined ? current.expiresAt : body.expiresAt)
      const actor = staffOf(request)
      const row = await mapConstraint(
        () =>
          app.db.transaction(async (tx) => {
            if (body.code !== undefined && body.code !== current.code) await releaseExpiredCode(tx, actor, body.code, current.id)
            const [updated] = await tx.update(coupons).set({ ...withoutUndefined(body), updatedAt: sql`now()` }).where(eq(coupons.id, current.id)).returning()
            if (!updated) throw new AppError('NOT_FOUND')
            const change = changedFields(couponTerms(current), couponTerms(updated), COUPON_TERMS)
            if (change) await writeAudit(tx, actor, { kind: 'coupon', action: 'update', entity: 'coupon', entityId: updated.id, label: updated.code, ...change })
            return updated
          }),
        couponConstraints,
      )
      return reply.ok({ coupon: couponReply(row) })
    })
    api.delete('/coupons/:id', { schema: { tags, summary: 'Delete a coupon, or deactivate it when orders used it', params }, onRequest: staffOnly }, async (request, reply) => {
      const current = await getCoupon(request.params.id)
      const actor = staffOf(request)
      const deleted = await app.db.transaction(async (tx) => {
        const [used] = await tx.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, current.id))
        const isUsed = (used?.n ?? 0) > 0
        // redemptions are the history of who used it: keep the row, out of the list and off, its code free again
        if (isUsed) await tx.update(coupons).set({ isActive: false, deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(coupons.id, current.id))
        else await tx.delete(coupons).where(eq(coupons.id, current.id))
        await writeAudit(tx, actor, {
          kind: 'coupon',
          action: isUsed ? 'deactivate' : 'delete',
          entity: 'coupon',
          entityId: current.id,
          label: current.code,
          before: couponTerms(current),
          after: isUsed ? { isActive: false } : null,
        })
        return !isUsed
      })
      return reply.ok({ deleted, deactivated: !deleted })
    })
  }

  // banners
  {
    const tags = ['admin: banners']
    const staffOnly = requireStaff('banners')
    const getBanner = async (raw: string) => {
      const [row] = await app.db.select().from(banners).where(eq(banners.id, requireUuid(raw))).limit(1)
      if (!row) throw new AppError('NOT_FOUND')
      return row
    }
    api.get('/banners', { schema: { tags, summary: 'Banners in display order, with click counts', querystring: bannerList }, onRequest: staffOnly }, async (request, reply) => {
      const { page, limit } = request.query
      const [rows, [total]] = await Promise.all([
        app.db.select().from(banners).orderBy(asc(banners.position), asc(banners.createdAt)).limit(limit).offset((page - 1) * limit),
        app.db.select({ n: count() }).from(banners),
      ])
      return reply.ok({ banners: rows.map(bannerReply), ...paged(total?.n ?? 0, page, limit) })
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
        checkBannerDates(parsed.data.startsAt, parsed.data.endsAt)
        await checkBannerLink(app.db, parsed.data.link)
        const stored = await storeBannerImage(requireFile(form), app.config.mediaDir)
        try {
          const [row] = await app.db
            .insert(banners)
            .values({ ...withoutUndefined(parsed.data), imagePath: stored.path, imageWidths: stored.widths })
            .returning()
          if (!row) throw new Error('banner insert returned nothing')
          return reply.code(201).ok({ banner: bannerReply(row) })
        } catch (error) {
          await removeImageFiles(app.config.mediaDir, stored.path, stored.widths)
          throw error
        }
      },
    )
    api.post(
      '/banners/:id/image',
      { schema: { tags, summary: 'Replace the banner picture (multipart "file")', params, consumes: ['multipart/form-data'] }, onRequest: staffOnly },
      async (request, reply) => {
        const current = await getBanner(request.params.id)
        const stored = await storeBannerImage(requireFile(await readMultipart(request)), app.config.mediaDir)
        const [row] = await app.db
          .update(banners)
          .set({ imagePath: stored.path, imageWidths: stored.widths, updatedAt: sql`now()` })
          .where(eq(banners.id, current.id))
          .returning()
        await removeImageFiles(app.config.mediaDir, current.imagePath, current.imageWidths)
        if (!row) throw new AppError('NOT_FOUND')
        return reply.ok({ banner: bannerReply(row) })
      },
    )
    api.patch('/banners/:id', { schema: { tags, summary: 'Change banner texts, link, order, dates', params, body: bannerPatch }, onRequest: staffOnly }, async (request, reply) => {
      const current = await getBanner(request.params.id)
      const body = request.body
      checkBannerDates(body.startsAt === undefined ? current.startsAt : body.startsAt, body.endsAt === undefined ? current.endsAt : body.endsAt)
      await checkBannerLink(app.db, body.link)
      const [row] = await app.db
        .update(banners)
        .set({ ...withoutUndefined(body), updatedAt: sql`now()` })
        .where(eq(banners.id, current.id))
        .returning()
      if (!row) throw new AppError('NOT_FOUND')
      return reply.ok({ banner: bannerReply(row) })
    })
    api.delete('/banners/:id', { schema: { tags, summary: 'Delete a banner and its pictures', params }, onRequest: staffOnly }, async (request, reply) => {
      const current = await getBanner(request.params.id)
      await app.db.delete(banners).where(eq(banners.id, current.id))
      await removeImageFiles(app.config.mediaDir, current.imagePath, current.imageWidths)
      return reply.ok({ deleted: true })
    })
  }

  // ad pixels (owner)
  {
    const tags = ['admin: pixels']
    const ownerOnly = requireStaff('pixels')
    const getPixel = async (raw: string) => {
      const [row] = await app.db.select().from(adPixels).where(eq(adPixels.id, requireUuid(raw))).limit(1)
      if (!row) throw new AppError('NOT_FOUND')
      return row
    }
    api.get('/pixels', { schema: { tags, summary: 'Facebook and TikTok pixels (owner)' }, onRequest: ownerOnly }, async (_request, reply) => {
      const rows = await app.db.select().from(adPixels).orderBy(asc(adPixels.platform), asc(adPixels.createdAt))
      return reply.ok({ pixels: rows.map(pixelReply), total: rows.length })
    })
    api.post('/pixels', { schema: { tags, summary: 'Add a pixel (owner)', body: z.object(pixelFields) }, onRequest: ownerOnly }, async (request, reply) => {
      const [row] = await mapConstraint(() => app.db.insert(adPixels).values(request.body).returning(), pixelConstraints)
      if (!row) throw new Error('pixel insert returned nothing')
      return reply.code(201).ok({ pixel: pixelReply(row) })
    })
    api.patch('/pixels/:id', { schema: { tags, summary: 'Change a pixel (owner)', params, body: z.object(pixelFields).partial() }, onRequest: ownerOnly }, async (request, reply) => {
      const current = await getPixel(request.params.id)
      const [row] = await mapConstraint(
        () => app.db.update(adPixels).set({ ...withoutUndefined(request.body), updatedAt: sql`now()` }).where(eq(adPixels.id, current.id)).returning(),
        pixelConstraints,
      )
      if (!row) throw new AppError('NOT_FOUND')
      return reply.ok({ pixel: pixelReply(row) })
    })
    api.delete('/pixels/:id', { schema: { tags, summary: 'Remove a pixel (owner)', params }, onRequest: ownerOnly }, async (request, reply) => {
      const current = await getPixel(request.params.id)
      await app.db.delete(adPixels).where(eq(adPixels.id, current.id))
      return reply.ok({ deleted: true })
    })
  }
}
