import type { FastifyInstance } from 'fastify'
import { clientAuthRoutes } from './auth/client-auth.routes.ts'
import { cartRoutes } from './cart/cart.routes.ts'
import { draftRoutes } from './drafts/drafts.routes.ts'
import { contactRoutes } from './inbox/inbox.routes.ts'
import { trackingRoutes } from './tracking/tracking.routes.ts'
import { couponRoutes } from './coupons/coupons.routes.ts'
import { orderRoutes } from './orders/order.routes.ts'
import { shippingRoutes } from './shipping/shipping.routes.ts'

/** Shopper-facing routes beyond the catalogue: cart, delivery, coupons, orders, accounts, tracking. */
export async function storefrontModule(app: FastifyInstance): Promise<void> {
  await app.register(clientAuthRoutes)
  await app.register(shippingRoutes)
  await app.register(cartRoutes)
  await app.register(couponRoutes)
  await app.register(orderRoutes)
  await app.register(trackingRoutes)
  await app.register(contactRoutes)
  await app.register(draftRoutes)
}
