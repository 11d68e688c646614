import { COLOR_NAME_MAX, HEX_COLOR } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pagingQuery } from '../../http/paging.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { subtreeIds } from './catalogue.repo.ts'
import { allCategories } from './categories.admin-repo.ts'
import { paged, queryBoolean, requireUuid } from '../../http/admin-common.ts'
import { readMultipart, removeImageFiles, requireFile, storeProductImage } from '../../http/uploads.ts'
import {
  addProductImage,
  createProduct,
  deleteProduct,
  getAdminProduct,
  imageReply,
  listAdminProducts,
  removeProductImage,
  reorderImages,
  replaceVariants,
  setImageColor,
  setStock,
  updateProduct,
} from './products.admin-service.ts'

const name = z.string().trim().max(200)
const description = z.string().trim().max(5000)
const money = z.number().int().min(1).max(100_000_000)
const variantSchema = z.object({
  _id: z.string().uuid().optional(),
  size: z.string().trim().min(1).max(20),
  color: z.string().trim().min(1).max(COLOR_NAME_MAX, 'validation:color.name'),
  /** The swatch of a colour outside the palette; ignored for a palette colour. */
  colorHex: z.string().trim().regex(HEX_COLOR, 'validation:color.hex').nullable().optional(),
  sku: z.string().trim().max(60).regex(/^[A-Za-z0-9._-]*$/, 'validation:invalid').optional(),
  stock: z.number().int().min(0).max(1_000_000),
  /** The stock the editor loaded: makes the save version-checked (409 STOCK_CONFLICT when it moved). */
  expectedStock: z.number().int().min(0).max(1_000_000).optional(),
})
const productFields = {
  nameAr: name.optional(),
  nameFr: name.optional(),
  descriptionAr: description.optional(),
  descriptionFr: description.optional(),
  price: money,
  compareAtPrice: money.nullable().optional(),
  categoryId: z.string().uuid(),
  isActive: z.boolean().optional(),
}
const hasAName = (p: { nameAr?: string | undefined; nameFr?: string | undefined }) => Boolean(p.nameAr || p.nameFr)
const createBody = z
  .object({ ...productFields, variants: z.array(variantSchema.omit({ _id: true, expectedStock: true })).max(200).optional() })
  .refine(hasAName, { message: 'validation:required', path: ['nameFr'] })
const patchBody = z.object(productFields).partial()
const variantsBody = z.union([z.array(variantSchema).max(200), z.object({ variants: z.array(variantSchema).max(200) })])
const stockBody = z.object({
  items: z
    .array(
      z.object({
        variantId: z.string().uuid(),
        stock: z.number().int().min(0).max(1_000_000),
        expectedStock: z.number().int().min(0).max(1_000_000).optional(),
      }),
    )
    .min(1)
    .max(500),
})
const listQuery = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.string().uuid().optional(),
  active: queryBoolean.optional(),
  ...pagingQuery(20),
})
const productParams = z.object({ id: z.string() })
const imageParams = z.object({ id: z.string(), imageId: z.string() })
const orderBody = z.object({ imageIds: z.array(z.string().uuid()).max(50) })
const imageColorBody = z.object({ color: z.string().trim().min(1).max(40).nullable() })

export async function productAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staffOnly = requireStaff('catalogue')
  const tags = ['admin: products']
  const productId = (raw: string) => requireUuid(raw, 'PRODUCT_NOT_FOUND')

  api.get('/products', { schema: { tags, summary: 'Products with stock total, variant count and first image', querystring: listQuery }, onRequest: staffOnly }, async (request, reply) => {
    const q = request.query
    const categoryIds = q.category ? subtreeIds(await allCategories(app.db), q.category) : undefined
    const { products, total } = await listAdminProducts(app.db, { search: q.search, categoryIds, active: q.active }, q.page, q.limit)
    return reply.ok({ products, ...paged(total, q.page, q.limit) })
  })

  api.get('/products/:id', { schema: { tags, summary: 'One product with its variants and images', params: productParams }, onRequest: staffOnly }, async (request, reply) => {
    return reply.ok(await getAdminProduct(app.db, productId(request.params.id)))
  })

  api.post('/products', { schema: { tags, summary: 'Create a product (slug and SKUs generated)', body: createBody }, onRequest: staffOnly }, async (request, reply) => {
    const { variants, ...input } = request.body
    const id = await createProduct(app.db, input, variants ?? [])
    return reply.code(201).ok(await getAdminProduct(app.db, id))
  })

  api.patch('/products/:id', { schema: { tags, summary: 'Change product fields', params: productParams, body: patchBody }, onRequest: staffOnly }, async (request, reply) => {
    const id = productId(request.params.id)
    await updateProduct(app.db, id, request.body, staffOf(request))
    return reply.ok(await getAdminProduct(app.db, id))
  })

  api.delete('/products/:id', { schema: { tags, summary: 'Delete a product, or hide it when it has orders', params: productParams }, onRequest: staffOnly }, async (request, reply) => {
    const result = await deleteProduct(app.db, productId(request.params.id), staffOf(request))
    for (const image of result.images) await removeImageFiles(app.config.mediaDir, image.path, image.widths)
    return reply.ok({ deleted: result.deleted, deactivated: !result.deleted })
  })

  api.put(
    '/products/:id/variants',
    { schema: { tags, summary: 'Replace the variant set (sizes x colours, SKU, stock)', params: productParams, body: variantsBody }, onRequest: staffOnly },
    async (request, reply) => {
      const id = productId(request.params.id)
      const list = Array.isArray(request.body) ? request.body : request.body.variants
      await replaceVariants(app.db, id, list)
      return reply.ok(await getAdminProduct(app.db, id))
    },
  )

  api.patch('/variants/stock', { schema: { tags, summary: 'Set the stock of several variants at once (all or nothing)', body: stockBody }, onRequest: staffOnly }, async (request, reply) => {
    return reply.ok({ variants: await setStock(app.db, request.body.items) })
  })

  api.post(
    '/products/:id/images',
    { schema: { tags, summary: 'Upload a JPEG, PNG or WebP photo (multipart field "file", 8 MB): stored as WebP 300/600/1200', params: productParams, consumes: ['multipart/form-data'] }, onRequest: staffOnly },
    async (request, reply) => {
      const id = productId(request.params.id)
      await getAdminProduct(app.db, id)
      const file = requireFile(await readMultipart(request))
      const stored = await storeProductImage(file, app.config.mediaDir, id)
      try {
        const row = await addProductImage(app.db, id, stored)
        return reply.code(201).ok({ image: imageReply(row) })
      } catch (error) {
        await removeImageFiles(app.config.mediaDir, stored.path, stored.widths)
        throw error
      }
    },
  )

  api.delete('/products/:id/images/:imageId', { schema: { tags, summary: 'Delete a product image', params: imageParams }, onRequest: staffOnly }, async (request, reply) => {
    const row = await removeProductImage(app.db, productId(request.params.id), requireUuid(request.params.imageId))
    await removeImageFiles(app.config.mediaDir, row.path, row.widths)
    return reply.ok({ deleted: true })
  })

  api.patch(
    '/products/:id/images/:imageId',
    { schema: { tags, summary: "Assign a photo to one of the product's colours (null: every colour)", params: imageParams, body: imageColorBody }, onRequest: staffOnly },
    async (request, reply) => {
      const row = await setImageColor(app.db, productId(request.params.id), requireUuid(request.params.imageId), request.body.color)
      return reply.ok({ image: imageReply(row) })
    },
  )

  api.put('/products/:id/images/order', { schema: { tags, summary: 'Reorder the images (all of them, first is the main one)', params: productParams, body: orderBody }, onRequest: staffOnly }, async (request, reply) => {
    const id = productId(request.params.id)
    await reorderImages(app.db, id, request.body.imageIds)
    return reply.ok(await getAdminProduct(app.db, id))
  })
}
