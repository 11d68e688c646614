import type { FastifyInstance } from 'fastify'
import { cartRoutes } from './cart/cart.routes.ts'
import { couponRoutes } from './coupons/coupon.routes.ts'
import { orderRoutes } from './orders/order.routes.ts'
import { shippingRoutes } from './shipping/shipping.routes.ts'

/** Shopper-facing routes beyond the catalogue: cart, delivery, coupons, orders, accounts, tracking. */
export async function storefrontModule(app: FastifyInstance): Promise<void> {
  await app.register(shippingRoutes)
  await app.register(cartRoutes)
  await app.register(couponRoutes)
  await app.register(orderRoutes)
}
