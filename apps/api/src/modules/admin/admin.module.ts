import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { adminAuthRoutes } from './admin-auth.routes.ts'
import { auditAdminRoutes } from './audit.ts'
import { MAX_UPLOAD_BYTES } from './admin-media.ts'
import { categoryAdminRoutes } from './categories.admin-routes.ts'
import { dashboardRoutes } from './dashboard.routes.ts'
import { marketingAdminRoutes } from './marketing.admin-routes.ts'
import { orderAdminRoutes } from './orders.admin-routes.ts'
import { productAdminRoutes } from './products.admin-routes.ts'
import { shopAdminRoutes } from './shop.admin-routes.ts'

/** Every back-office route, mounted under /api/v1/admin. Each route checks the staff role itself. */
export async function adminModule(app: FastifyInstance): Promise<void> {
  // image uploads (products, banners, logo); scoped to the back office
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 30 } })
  }
  await app.register(adminAuthRoutes)
  await app.register(dashboardRoutes)
  await app.register(orderAdminRoutes)
  await app.register(productAdminRoutes)
  await app.register(categoryAdminRoutes)
  await app.register(marketingAdminRoutes)
  await app.register(shopAdminRoutes)
  await app.register(auditAdminRoutes)
}
