import { randomBytes } from 'node:crypto'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { eq } from 'drizzle-orm'
import { categories, coupons, products, variants } from '../db/schema.ts'
import type { Db } from '../db/client.ts'
import { issueGuestSession } from '../modules/cart/cart.service.ts'
import { ensureShopSettings, loadReferenceData } from '../seed/reference.ts'
import { startTestApp } from './test-app.ts'

/**
 * A small shop for API tests: reference data (69 wilayas, communes, delivery grid), settings, two
 * categories and a few products whose names exercise the search rules, with known stock.
 */
export async function startShop(target: 'pglite' | 'postgres', env: Record<string, string> = {}, options: Parameters<typeof startTestApp>[2] = {}) {
  const ctx = await startTestApp(target, {
    RATE_LIMIT_LOGIN: '1000/60',
    RATE_LIMIT_STAFF_LOGIN: '1000/60',
    RATE_LIMIT_SIGNUP: '1000/60',
    RATE_LIMIT_PASSWORD_RESET: '1000/60',
    RATE_LIMIT_TRACKING: '1000/60',
    RATE_LIMIT_COUPON: '1000/60',
    RATE_LIMIT_CONFIRM_LINK: '1000/60',
    RATE_LIMIT_ORDER: '1000/60',
    RATE_LIMIT_ORDER_ADDRESS: '1000/60',
    RATE_LIMIT_DRAFT: '1000/60',
    ...env,
  }, options)
  await ctx.database.migrate()
  await loadReferenceData(ctx.database.db)
  await ensureShopSettings(ctx.database.db)
  const catalogue = await seedSmallCatalogue(ctx.database.db)
  /** A guest session id as the server issues it on a first add (with its empty cart). */
  const guestSession = async () => (await issueGuestSession(ctx.database.db)).sessionId
  return { ...ctx, catalogue, http: client(ctx.app), guestSession }
}

export type Shop = Awaited<ReturnType<typeof startShop>>

async function seedSmallCatalogue(db: Db) {
  const [shoes] = await db.insert(categories).values({ slug: 'shoes', nameAr: 'أحذية', nameFr: 'Chaussures', position: 1 }).returning()
  const [sneakers] = await db
    .insert(categories)
    .values({ slug: 'sneakers', nameAr: 'أحذية رياضية', nameFr: 'Baskets', parentId: shoes?.id, position: 1 })
    .returning()
  const [clothing] = await db.insert(categories).values({ slug: 'clothing', nameAr: 'ملابس', nameFr: 'Vêtements', position: 2 }).returning()
  if (!shoes || !sneakers || !clothing) throw new Error('categories not created')
  const make = async (
    slug: string,
    categoryId: string,
    nameAr: string,
    nameFr: string,
    price: number,
    stock: { size: string; color: string; stock: number }[],
    extra: { compareAtPrice?: number; soldCount?: number; createdAt?: Date } = {},
  ) => {
    const [product] = await db.insert(products).values({ slug, categoryId, nameAr, nameFr, price, ...extra }).returning()
    if (!product) throw new Error('product not created')
    const rows = await db
      .insert(variants)
      .values(stock.map((v) => ({ productId: product.id, size: v.size, color: v.color, stock: v.stock, sku: `${slug}-${v.size}-${v.color}`.toUpperCase() })))
      .returning()
    return { id: product.id, slug, price, variants: rows }
  }
  const day = (n: number) => new Date(Date.UTC(2026, 0, n))
  const runner = await make('runner', sneakers.id, 'حذاء رياضي للجري', 'Basket de course', 4900, [
    { size: '41', color: 'black', stock: 7 },
    { size: '42', color: 'black', stock: 3 },
    { size: '43', color: 'white', stock: 0 },
  ], { compareAtPrice: 6500, soldCount: 12, createdAt: day(3) })
  const derby = await make('derby', shoes.id, 'حِذاءٌ جلدي أنيـق', 'Derby en cuir élégant', 8900, [{ size: '42', color: 'brown', stock: 5 }], {
    soldCount: 30,
    createdAt: day(2),
  })
  const scarf = await make('scarf', clothing.id, 'وشاح صوف', 'Écharpe en laine', 1500, [{ size: 'M', color: 'red', stock: 50 }], {
    soldCount: 2,
    createdAt: day(4),
  })
  const coat = await make('coat', clothing.id, 'معطف شتوي', 'Manteau d’hiver', 12000, [{ size: 'L', color: 'grey', stock: 2 }], {
    createdAt: day(1),
  })
  const hidden = await make('hidden', clothing.id, 'منتج مخفي', 'Produit masqué', 1000, [{ size: 'M', color: 'red', stock: 10 }])
  await db.update(products).set({ isActive: false }).where(eq(products.id, hidden.id))
  await db.insert(coupons).values([
    { code: 'TEN', type: 'percentage', value: 10 },
    { code: 'FIVEHUNDRED', type: 'fixed', value: 500, minOrder: 6000 },
    { code: 'OLD', type: 'percentage', value: 20, expiresAt: new Date('2020-01-01') },
    { code: 'OFF', type: 'fixed', value: 100, isActive: false },
    { code: 'FEW', type: 'fixed', value: 100, maxUses: 5 },
  ])
  return { categories: { shoes, sneakers, clothing }, runner, derby, scarf, coat, hidden }
}

/** inject() with JSON in and out, and a cookie jar per call site when wanted. */
function client(app: FastifyInstance) {
  return async function http(
    method: InjectOptions['method'],
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; cookie?: string } = {},
  ) {
    const res = await app.inject({
      method,
      url,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    })
    // work a route leaves for after its reply (a reset code's e-mail) starts before the test reads the outbox
    await new Promise((resolve) => setImmediate(resolve))
    // the reply body is whatever the route sent: tests read it loosely
    const json = res.headers['content-type']?.toString().includes('json') ? (res.json() as any) : undefined
    const setCookie = res.headers['set-cookie']
    const cookies = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((c) => c.split(';')[0]).join('; ')
    return { status: res.statusCode, body: json, text: res.body, headers: res.headers, cookie: cookies }
  }
}

export const randomPhone = () => `05${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`
