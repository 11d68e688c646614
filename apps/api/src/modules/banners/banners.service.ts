import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { removeImageFiles } from '../../http/uploads.ts'
import { type BannerRow, type BannerValues, deleteBanner, findBanner, insertBanner, isVisibleTarget, updateBanner } from './banners.repo.ts'

export { listBanners } from './banners.repo.ts'

/** A stored banner picture: its path and the widths written. */
export interface StoredBannerImage {
  path: string
  widths: number[]
}

/** Storefront pages a banner may lead to besides a category or a product (apps/web/src/app/routes.tsx). */
export const STOREFRONT_PAGES = ['/', '/collection', '/cart', '/tracking', '/about', '/contact', '/terms', '/orders', '/profile', '/auth/login', '/auth/register'] as const

/**
 * A banner's link must lead somewhere: an outside http(s) address, a known storefront page, or an
 * existing, visible category or product (`/category/<id or slug>`, `/product/<id or slug>`).
 */
export async function checkBannerLink(db: Db, value: string | null | undefined) {
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
  if (!(await isVisibleTarget(db, match[1] === 'category' ? 'category' : 'product', key))) throw refused
}

export function checkBannerDates(startsAt: Date | null | undefined, endsAt: Date | null | undefined) {
  if (startsAt && endsAt && startsAt >= endsAt) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'endsAt', message: 'validation:invalid' }] })
  }
}

export async function getBanner(db: Db, id: string): Promise<BannerRow> {
  const row = await findBanner(db, id)
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

/** Checks the fields, stores the picture (`storeImage`), then the row; the files go when the row cannot be written. */
export async function createBanner(
  db: Db,
  mediaDir: string,
  fields: Omit<BannerValues, 'imagePath' | 'imageWidths'>,
  storeImage: () => Promise<StoredBannerImage>,
): Promise<BannerRow> {
  checkBannerDates(fields.startsAt, fields.endsAt)
  await checkBannerLink(db, fields.link)
  const stored = await storeImage()
  try {
    return await insertBanner(db, { ...fields, imagePath: stored.path, imageWidths: stored.widths })
  } catch (error) {
    await removeImageFiles(mediaDir, stored.path, stored.widths)
    throw error
  }
}

/** Puts the new picture in place, then removes the old one's files. */
export async function replaceBannerImage(db: Db, mediaDir: string, id: string, storeImage: () => Promise<StoredBannerImage>): Promise<BannerRow> {
  const current = await getBanner(db, id)
  const stored = await storeImage()
  const row = await updateBanner(db, current.id, { imagePath: stored.path, imageWidths: stored.widths })
  await removeImageFiles(mediaDir, current.imagePath, current.imageWidths)
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

export async function changeBanner(db: Db, id: string, body: Partial<Omit<BannerValues, 'imagePath' | 'imageWidths'>>): Promise<BannerRow> {
  const current = await getBanner(db, id)
  checkBannerDates(body.startsAt === undefined ? current.startsAt : body.startsAt, body.endsAt === undefined ? current.endsAt : body.endsAt)
  await checkBannerLink(db, body.link)
  const row = await updateBanner(db, current.id, body)
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

export async function removeBanner(db: Db, mediaDir: string, id: string): Promise<void> {
  const current = await getBanner(db, id)
  await deleteBanner(db, current.id)
  await removeImageFiles(mediaDir, current.imagePath, current.imageWidths)
}
