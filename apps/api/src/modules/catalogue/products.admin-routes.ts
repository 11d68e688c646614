import {
  adminProductImageReply,
  adminProductList,
  adminProductReply,
  adminProductsQuery,
  catalogueIdParams,
  created,
  deletedReply,
  imageColorBody,
  imageOrderBody,
  ok,
  productBody,
  productDeletionReply,
  productImageParams,
  productPatchBody,
  stockBody,
  stockReply,
  variantsBody,
} from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { paged, requireUuid } from '../../http/admin-common.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { readMultipart, removeImageFiles, requireFile, storeProductImage } from '../../http/uploads.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { subtreeIds } from './catalogue.repo.ts'
import { allCategories } from './categories.admin-repo.ts'
import { addProductImage, imageReply, removeProductImage, reorderImages, setImageColor } from './product-images.admin-service.ts'
import { createProduct, deleteProduct, getAdminProduct, listAdminProducts, updateProduct } from './products.admin-service.ts'
import { replaceVariants, setStock } from './variants.admin-service.ts'

export async function productAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const staffOnly = requireStaff('catalogue')
  // reading products is part of working orders too: an agent changes a size or adds a line during the call,
  // or takes an order by phone; changing the catalogue stays with the catalogue's roles
  const readers = requireStaff('orders.work')
  const tags = ['admin: products']
  const productId = (raw: string) => requireUuid(raw, 'PRODUCT_NOT_FOUND')

  api.get('/products', { schema: { tags, summary: 'Products with stock total, variant count and first image', querystring: adminProductsQuery, response: ok(adminProductList) }, onRequest: readers }, async (request, reply) => {
    const q = request.query
    const categoryIds = q.category ? subtreeIds(await allCategories(app.db), q.category) : undefined
    const { products, total } = await listAdminProducts(app.db, { search: q.search, categoryIds, active: q.active }, q.page, q.limit)
    return reply.ok({ products, ...paged(total, q.page, q.limit) })
  })

  api.get('/products/:id', { schema: { tags, summary: 'One product with its variants and images', params: catalogueIdParams, response: ok(adminProductReply) }, onRequest: readers }, async (request, reply) => {
    return reply.ok(await getAdminProduct(app.db, productId(request.params.id)))
  })

  api.post('/products', { schema: { tags, summary: 'Create a product (slug and SKUs generated)', body: productBody, response: created(adminProductReply) }, onRequest: staffOnly }, async (request, reply) => {
    const { variants, ...input } = request.body
    const id = await createProduct(app.db, input, variants ?? [])
    return reply.code(201).ok(await getAdminProduct(app.db, id))
  })

  api.patch('/products/:id', { schema: { tags, summary: 'Change product fields', params: catalogueIdParams, body: productPatchBody, response: ok(adminProductReply) }, onRequest: staffOnly }, async (request, reply) => {
    const id = productId(request.params.id)
    await updateProduct(app.db, id, request.body, staffOf(request))
    return reply.ok(await getAdminProduct(app.db, id))
  })

  api.delete('/products/:id', { schema: { tags, summary: 'Delete a product, or hide it when it has orders', params: catalogueIdParams, response: ok(productDeletionReply) }, onRequest: staffOnly }, async (request, reply) => {
    const result = await deleteProduct(app.db, productId(request.params.id), staffOf(request))
    for (const image of result.images) await removeImageFiles(app.config.mediaDir, image.path, image.widths)
    return reply.ok({ deleted: result.deleted, deactivated: !result.deleted })
  })

  api.put(
    '/products/:id/variants',
    { schema: { tags, summary: 'Replace the variant set (sizes x colours, SKU, stock)', params: catalogueIdParams, body: variantsBody, response: ok(adminProductReply) }, onRequest: staffOnly },
    async (request, reply) => {
      const id = productId(request.params.id)
      const list = Array.isArray(request.body) ? request.body : request.body.variants
      await replaceVariants(app.db, id, list)
      return reply.ok(await getAdminProduct(app.db, id))
    },
  )

  api.patch('/variants/stock', { schema: { tags, summary: 'Set the stock of several variants at once (all or nothing)', body: stockBody, response: ok(stockReply) }, onRequest: staffOnly }, async (request, reply) => {
    return reply.ok({ variants: await setStock(app.db, request.body.items) })
  })

  api.post(
    '/products/:id/images',
    { schema: { tags, summary: 'Upload a JPEG, PNG or WebP photo (multipart field "file", 8 MB): stored as WebP 300/600/1200', params: catalogueIdParams, consumes: ['multipart/form-data'], response: created(adminProductImageReply) }, onRequest: staffOnly },
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

  api.delete('/products/:id/images/:imageId', { schema: { tags, summary: 'Delete a product image', params: productImageParams, response: ok(deletedReply) }, onRequest: staffOnly }, async (request, reply) => {
    const row = await removeProductImage(app.db, productId(request.params.id), requireUuid(request.params.imageId))
    await removeImageFiles(app.config.mediaDir, row.path, row.widths)
    return reply.ok({ deleted: true })
  })

  api.patch(
    '/products/:id/images/:imageId',
    { schema: { tags, summary: "Assign a photo to one of the product's colours (null: every colour)", params: productImageParams, body: imageColorBody, response: ok(adminProductImageReply) }, onRequest: staffOnly },
    async (request, reply) => {
      const row = await setImageColor(app.db, productId(request.params.id), requireUuid(request.params.imageId), request.body.color)
      return reply.ok({ image: imageReply(row) })
    },
  )

  api.put('/products/:id/images/order', { schema: { tags, summary: 'Reorder the images (all of them, first is the main one)', params: catalogueIdParams, body: imageOrderBody, response: ok(adminProductReply) }, onRequest: staffOnly }, async (request, reply) => {
    const id = productId(request.params.id)
    await reorderImages(app.db, id, request.body.imageIds)
    return reply.ok(await getAdminProduct(app.db, id))
  })
}
