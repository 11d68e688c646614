import { z } from 'zod'
import { PIXEL_PLATFORMS } from '../orders.ts'
import { responsiveImage } from './catalogue.ts'
import { isoDateTime, paging, pagingQuery, queryBoolean, timestamp } from './http.ts'

/** Banners and ad pixels: the storefront's live ones, and the back office's `/admin/banners`, `/admin/pixels`. */

/** `:id` of a banner or a pixel in the back office (not a UUID: 404). */
export const marketingIdParams = z.object({ id: z.string() })

// ---------------------------------------------------------------- banners

/** Where the picture's subject stands, in percent from the top-left corner (the centre when unknown). */
export const focalPoint = z.object({ x: z.number(), y: z.number() })

/** `GET /banner/active`: a live banner in the shopper's language; `image.src` is 1920 wide, `srcSet` lists 960w and 1920w. */
export const activeBanner = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  titleAr: z.string(),
  titleFr: z.string(),
  descriptionAr: z.string(),
  descriptionFr: z.string(),
  link: z.string().nullable(),
  order: z.number().int(),
  isActive: z.boolean(),
  startDate: timestamp.nullable(),
  endDate: timestamp.nullable(),
  image: responsiveImage,
  focalPoint,
})
export type ActiveBanner = z.output<typeof activeBanner>
export const activeBannersReply = z.object({ banners: z.array(activeBanner) })
/** `POST /banner/:id/click`. */
export const bannerClickParams = z.object({ id: z.uuid() })
export const bannerClickReply = z.object({ recorded: z.literal(true) })

const link = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || (s.startsWith('/') && !s.startsWith('//')) || /^https?:\/\//i.test(s), 'validation:invalid')
const nullableDate = isoDateTime.nullable().optional()
const bannerFields = {
  titleAr: z.string().trim().max(200).optional(),
  titleFr: z.string().trim().max(200).optional(),
  descriptionAr: z.string().trim().max(500).optional(),
  descriptionFr: z.string().trim().max(500).optional(),
  /** An outside http(s) address or a storefront path; empty clears it. */
  link: link.nullable().optional().transform((v) => (v === '' ? null : v)),
  position: z.number().int().min(0).max(10_000).optional(),
  isActive: z.boolean().optional(),
  startsAt: nullableDate,
  endsAt: nullableDate,
}
/** `PATCH /admin/banners/:id`. */
export const bannerPatchBody = z.object(bannerFields)
/** `POST /admin/banners`: the text fields of the multipart form (they arrive as strings), beside its "file". */
export const bannerForm = z.object({
  ...bannerFields,
  position: z.coerce.number().int().min(0).max(10_000).optional(),
  isActive: queryBoolean.optional(),
  startsAt: isoDateTime.optional(),
  endsAt: isoDateTime.optional(),
})
export const bannerListQuery = z.object({ ...pagingQuery(50) })

/** A banner in the back office; `image.src` is 960 wide. */
export const adminBanner = z.object({
  _id: z.string(),
  titleAr: z.string(),
  titleFr: z.string(),
  descriptionAr: z.string(),
  descriptionFr: z.string(),
  link: z.string().nullable(),
  position: z.number().int(),
  isActive: z.boolean(),
  startsAt: timestamp.nullable(),
  endsAt: timestamp.nullable(),
  clickCount: z.number().int(),
  image: responsiveImage,
  createdAt: timestamp,
})
export type AdminBanner = z.output<typeof adminBanner>
export const adminBannerListReply = z.object({ banners: z.array(adminBanner), ...paging })
export const adminBannerReply = z.object({ banner: adminBanner })

// ---------------------------------------------------------------- pixels

/** `GET /facebook-pixels/active`. */
/**
 * `serverEvents`: the shop sends this pixel's purchase from the server at confirmation, so the browser sends
 * "order placed" at placement instead of a purchase.
 */
export const facebookPixelsReply = z.object({ pixels: z.array(z.object({ _id: z.string(), pixelId: z.string(), serverEvents: z.boolean() })) })
/** `GET /tiktok-pixels/storefront/codes` (TikTok's own field name). */
export const tiktokPixelsReply = z.object({ pixels: z.array(z.object({ _id: z.string(), pixel_id: z.string(), serverEvents: z.boolean() })) })

const pixelFields = {
  platform: z.enum(PIXEL_PLATFORMS),
  pixelId: z.string().trim().regex(/^[A-Za-z0-9_-]{5,64}$/, 'validation:invalid'),
  isActive: z.boolean().optional(),
  /** The server-side access token (write-only: replies say whether one is set); null removes it. */
  accessToken: z.string().trim().min(10, 'validation:invalid').max(2000, 'validation:invalid').nullable().optional(),
  testEventCode: z.string().trim().max(64, 'validation:invalid').regex(/^[A-Za-z0-9_-]*$/, 'validation:invalid').nullable().optional(),
}
/** `POST /admin/pixels`. */
export const pixelBody = z.object(pixelFields)
/** `PATCH /admin/pixels/:id`. */
export const pixelPatchBody = pixelBody.partial()

export const adminPixel = z.object({
  _id: z.string(),
  platform: z.enum(PIXEL_PLATFORMS),
  pixelId: z.string(),
  isActive: z.boolean(),
  /** A server-side access token is set (its value is never sent back). */
  hasAccessToken: z.boolean(),
  testEventCode: z.string().nullable(),
  createdAt: timestamp,
})
export type AdminPixel = z.output<typeof adminPixel>
export const adminPixelListReply = z.object({ pixels: z.array(adminPixel), total: z.number().int() })
export const adminPixelReply = z.object({ pixel: adminPixel })
