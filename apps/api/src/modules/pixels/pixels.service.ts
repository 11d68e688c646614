import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { mapConstraint } from '../../http/admin-common.ts'
import { deletePixel, findPixel, insertPixel, type PixelRow, type PixelValues, updatePixel } from './pixels.repo.ts'

export { listPixels } from './pixels.repo.ts'

const pixelConstraints = { ad_pixels_platform_pixel_key: new AppError('CODE_TAKEN', { fieldErrors: [{ field: 'pixelId', message: 'errors:CODE_TAKEN' }] }) }

export async function getPixel(db: Db, id: string): Promise<PixelRow> {
  const row = await findPixel(db, id)
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

export async function addPixel(db: Db, values: PixelValues): Promise<PixelRow> {
  const row = await mapConstraint(() => insertPixel(db, values), pixelConstraints)
  if (!row) throw new Error('pixel insert returned nothing')
  return row
}

export async function changePixel(db: Db, id: string, values: Partial<PixelValues>): Promise<PixelRow> {
  const current = await getPixel(db, id)
  const row = await mapConstraint(() => updatePixel(db, current.id, values), pixelConstraints)
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

export async function removePixel(db: Db, id: string): Promise<void> {
  const current = await getPixel(db, id)
  await deletePixel(db, current.id)
}
