import { randomBytes } from 'node:crypto'
import type { OrderStatus } from '@shop/shared'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { clients, communes, couponRedemptions, coupons, orderItems, orders, pendingSoldUnits, products, variants } from '../db/schema.ts'
import { createSession } from '../plugins/session.ts'
import { randomPhone, type Shop, startShop } from './shop-fixture.ts'
import { createStaff } from '../modules/staff/staff.service.ts'

/** The test shop with an owner, a manager (Samir) and an agent (Yasmine) signed in, and a shopper with a session. */
export async function startAdminShop(target: 'pglite' | 'postgres', options: Parameters<typeof startShop>[2] = {}) {
  const shop = await startShop(target, {}, options)
  const password = 'a-long-test-password'
  await createStaff(shop.database.db, { email: 'owner@test.dz', name: 'Owner', password, role: 'owner' })
  await createStaff(shop.database.db, { email: 'staff@test.dz', name: 'Samir', password, role: 'manager' })
  await createStaff(shop.database.db, { email: 'agent@test.dz', name: 'Yasmine', password, role: 'agent' })
  const login = async (email: string) => {
    const res = await shop.http('POST', '/api/v1/admin/auth/login', { body: { email, password } })
    if (res.status !== 200) throw new Error(`login failed: ${res.status}`)
    return res.cookie
  }
  const [client] = await shop.database.db
    .insert(clients)
    .values({ firstName: 'Amel', lastName: 'K', email: 'amel@test.dz', passwordHash: 'x' })
    .returning()
  if (!client) throw new Error('client not created')
  const clientSession = await createSession(shop.database.db, { kind: 'client', clientId: client.id, persistent: false })
  return {
    ...shop,
    ownerCookie: await login('owner@test.dz'),
    /** The manager's cookie (the former single "staff" role). */
    staffCookie: await login('staff@test.dz'),
    agentCookie: await login('agent@test.dz'),
    password,
    login,
    clientToken: clientSession.token,
  }
}

export type AdminShop = Awaited<ReturnType<typeof startAdminShop>> & Shop

export interface OrderLine {
  variantId: string
  quantity: number
}

/**
 * Inserts an order as checkout does: stock taken, units sold appended (pending_sold_units), the coupon's use count raised, a
 * redemption row. Options set the status, payment, customer and coupon.
 */
export async function insertOrder(
  db: Db,
  lines: OrderLine[],
  options: {
    status?: OrderStatus
    paymentMethod?: 'cash_on_delivery' | 'bank_transfer' | 'ccp'
    paymentStatus?: 'unpaid' | 'paid'
    couponCode?: string
    firstName?: string
    lastName?: string
    phone?: string
    notes?: string | null
    address?: string
    communeId?: number
    createdAt?: Date
  } = {},
) {
  return db.transaction(async (tx) => {
    const communeId = options.communeId ?? 1644
    const [commune] = await tx.select().from(communes).where(eq(communes.id, communeId))
    if (!commune) throw new Error(`commune ${communeId} missing`)
    const items = []
    for (const line of lines) {
      const [row] = await tx
        .select({ v: variants, p: products })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(variants.id, line.variantId))
      if (!row) throw new Error('variant missing')
      await tx.update(variants).set({ stock: sql`${variants.stock} - ${line.quantity}` }).where(eq(variants.id, line.variantId))
      await tx.insert(pendingSoldUnits).values({ productId: row.p.id, units: line.quantity })
      items.push({ ...row, quantity: line.quantity })
    }
    const subtotal = items.reduce((sum, i) => sum + i.p.price * i.quantity, 0)
    let discount = 0
    let coupon: typeof coupons.$inferSelect | undefined
    if (options.couponCode) {
      ;[coupon] = await tx.select().from(coupons).where(and(eq(coupons.code, options.couponCode), isNull(coupons.deletedAt)))
      if (!coupon) throw new Error('coupon missing')
      discount = coupon.type === 'percentage' ? Math.floor((subtotal * coupon.value) / 100) : Math.min(coupon.value, subtotal)
      await tx.update(coupons).set({ usedCount: sql`${coupons.usedCount} + 1` }).where(eq(coupons.id, coupon.id))
    }
    const deliveryFee = 500
    const phone = options.phone ?? randomPhone()
    const [order] = await tx
      .insert(orders)
      .values({
        trackingNumber: `KH${randomBytes(4).toString('hex').toUpperCase()}`,
        status: options.status ?? 'pending',
        paymentMethod: options.paymentMethod ?? 'cash_on_delivery',
        paymentStatus: options.paymentStatus ?? 'unpaid',
        firstName: options.firstName ?? 'Karim',
        lastName: options.lastName ?? 'Benali',
        phone,
        wilayaCode: commune.wilayaCode,
        wilayaCode58: commune.wilayaCode58,
        communeId,
        deliveryType: 'domicil',
        address: options.address ?? '12 rue Didouche Mourad',
        notes: options.notes ?? null,
        subtotal,
        discount,
        deliveryFee,
        total: subtotal - discount + deliveryFee,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      })
      .returning()
    if (!order) throw new Error('order not created')
    await tx.insert(orderItems).values(
      items.map((i) => ({
        orderId: order.id,
        productId: i.p.id,
        variantId: i.v.id,
        nameAr: i.p.nameAr,
        nameFr: i.p.nameFr,
        size: i.v.size,
        color: i.v.color,
        sku: i.v.sku,
        unitPrice: i.p.price,
        quantity: i.quantity,
        lineTotal: i.p.price * i.quantity,
      })),
    )
    if (coupon) await tx.insert(couponRedemptions).values({ couponId: coupon.id, orderId: order.id, phone, discount })
    return order
  })
}
