import {
  applyCouponBody,
  couponApplyReply,
  couponCheckReply,
  couponRemovedReply,
  normalizeDzMobile,
  ok,
  openCouponsReply,
  removeCouponBody,
  validateCouponBody,
} from '@shop/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { CLIENT_COOKIE, guestSessionId } from '../../plugins/session.ts'
import { readCart } from '../cart/cart.service.ts'
import { clientFromCookie } from '../auth/client-session.ts'
import { listOpenCoupons } from './coupons.repo.ts'
import { checkCoupon, shopperCoupon } from './coupons.service.ts'

export async function couponRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()

  /** The shopper behind a coupon check: a signed-in client (cookie) and/or the phone typed at checkout. */
  async function couponUser(request: FastifyRequest, rawPhone: string | undefined) {
    const client = request.cookies[CLIENT_COOKIE] ? await clientFromCookie(request) : null
    return { clientId: client?.id ?? null, phone: rawPhone ? normalizeDzMobile(rawPhone) : (client?.phone ?? null) }
  }

  api.post(
    '/coupons/client/validate',
    { schema: { tags: ['coupons'], summary: 'Check a coupon against an order amount', body: validateCouponBody, response: ok(couponCheckReply) } },
    async (request, reply) => {
      await app.rateLimit('COUPON', request)
      const { coupon, discount } = await checkCoupon(app.db, request.body.code, request.body.orderAmount, await couponUser(request, request.body.phone), request.locale)
      return reply.ok(
        { coupon: shopperCoupon(coupon), orderSummary: { discountAmount: discount, finalAmount: request.body.orderAmount - discount } },
        'success:couponValid',
      )
    },
  )

  api.post(
    '/coupons/client/apply',
    {
      schema: {
        tags: ['coupons'],
        summary: "The discount a coupon gives on an amount or on the caller's cart; it is taken when the order is placed with couponCode",
        body: applyCouponBody,
        response: ok(couponApplyReply),
      },
    },
    async (request, reply) => {
      await app.rateLimit('COUPON', request)
      const user = await couponUser(request, request.body.phone)
      let orderAmount = request.body.orderAmount
      if (orderAmount === undefined) {
        const sessionId = guestSessionId(request)
        const owner = user.clientId ? { clientId: user.clientId } : sessionId ? { sessionId } : null
        orderAmount = owner ? (await readCart(app.db, owner, request.locale)).subtotal : 0
      }
      const { coupon, discount } = await checkCoupon(app.db, request.body.couponCode, orderAmount, user, request.locale)
      return reply.ok({ coupon: shopperCoupon(coupon), appliedDiscount: discount, finalTotal: orderAmount - discount }, 'success:couponValid')
    },
  )

  api.delete(
    '/coupons/client/remove',
    { schema: { tags: ['coupons'], summary: 'Drop the coupon from the checkout (nothing is held before the order)', body: removeCouponBody, response: ok(couponRemovedReply) } },
    async (_request, reply) => reply.ok({ appliedDiscount: 0, couponCode: null }, 'success:couponRemoved'),
  )

  api.get('/coupons/client/available', { schema: { tags: ['coupons'], summary: 'Coupons open to every shopper now', response: ok(openCouponsReply) } }, async (_request, reply) => {
    const rows = await listOpenCoupons(app.db)
    return reply.ok({ coupons: rows.map(shopperCoupon) })
  })
}
