import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { MAX_UPLOAD_BYTES } from '../http/uploads.ts'
import { auditAdminRoutes } from './audit/audit.admin-routes.ts'
import { bannerAdminRoutes } from './banners/banners.admin-routes.ts'
import { categoryAdminRoutes } from './catalogue/categories.admin-routes.ts'
import { productAdminRoutes } from './catalogue/products.admin-routes.ts'
import { shippingAdminRoutes } from './couriers/shipping.admin-routes.ts'
import { customerAdminRoutes } from './customers/customers.admin-routes.ts'
import { couponAdminRoutes } from './coupons/coupons.admin-routes.ts'
import { courierAdminRoutes } from './couriers/courier-accounts.admin-routes.ts'
import { feeSyncAdminRoutes } from './couriers/fee-sync.admin-routes.ts'
import { ledgerAdminRoutes } from './couriers/ledger.admin-routes.ts'
import { dashboardRoutes } from './dashboard/dashboard.admin-routes.ts'
import { draftAdminRoutes } from './drafts/drafts.admin-routes.ts'
import { deliveryAdminRoutes } from './delivery/delivery.admin-routes.ts'
import { inboxAdminRoutes } from './inbox/inbox.admin-routes.ts'
import { jobsAdminRoutes } from './jobs/jobs.admin-routes.ts'
import { callQueueAdminRoutes } from './orders/call-queue.admin-routes.ts'
import { orderAdminRoutes } from './orders/orders.admin-routes.ts'
import { pixelAdminRoutes } from './pixels/pixels.admin-routes.ts'
import { settingsAdminRoutes } from './settings/settings.admin-routes.ts'
import { adminAuthRoutes } from './staff/staff-auth.admin-routes.ts'
import { staffAdminRoutes } from './staff/staff.admin-routes.ts'

/** Every back-office route, mounted under /api/v1/admin. Each route checks the staff role itself. */
export async function adminModule(app: FastifyInstance): Promise<void> {
  // image uploads (products, banners, logo); scoped to the back office
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 30 } })
  }
  await app.register(adminAuthRoutes)
  await app.register(dashboardRoutes)
  await app.register(orderAdminRoutes)
  await app.register(callQueueAdminRoutes)
  await app.register(productAdminRoutes)
  await app.register(categoryAdminRoutes)
  await app.register(couponAdminRoutes)
  await app.register(bannerAdminRoutes)
  await app.register(pixelAdminRoutes)
  await app.register(deliveryAdminRoutes)
  await app.register(settingsAdminRoutes)
  await app.register(staffAdminRoutes)
  await app.register(inboxAdminRoutes)
  await app.register(auditAdminRoutes)
  await app.register(draftAdminRoutes)
  await app.register(customerAdminRoutes)
  await app.register(shippingAdminRoutes)
  await app.register(ledgerAdminRoutes)
  await app.register(courierAdminRoutes)
  await app.register(feeSyncAdminRoutes)
  await app.register(jobsAdminRoutes)
}
