import { dzMobile, dzShopPhone, emailAddress, newPassword, STAFF_ROLES, WILAYA_DIVISIONS } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, asc, count, desc, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { contactMessages, deliveryPrices, newsletterSubscriptions, sessions, shopSettings, staff, wilayas } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { pagingQuery } from '../../http/paging.ts'
import { hashToken, requireStaff, STAFF_COOKIE, staffOf } from '../../plugins/session.ts'
import { changedFields, writeAudit } from './audit.ts'
import { getShopSettings } from '../settings/settings.repo.ts'
import { createStaff, randomPassword } from './staff.service.ts'
import { hashPassword } from '../auth/passwords.ts'
import { csvDocument, mapConstraint, optionalText, paged, queryBoolean, requireUuid, sendCsv } from './admin-common.ts'
import { readMultipart, requireFile, storeLogo } from './admin-media.ts'

const params = z.object({ id: z.string() })
const fee = z.number().int().min(0).max(1_000_000)
const withoutUndefined = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>

const wilayaParams = z.object({ wilayaCode: z.coerce.number().int().min(1).max(99) })
const priceBody = z.object({ domicil: fee, stopdesk: fee.nullable(), returnPrice: fee })
const defaultsBody = z.object({ home: fee, stopdesk: fee, return: fee })

/** A phone setting: empty clears it, anything else must pass `rule` (stored normalised). */
const phoneSetting = (rule: typeof dzShopPhone | typeof dzMobile) =>
  z
    .string()
    .max(30)
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value.trim() === '') return value === undefined ? undefined : null
      const parsed = rule.safeParse(value)
      if (parsed.success) return parsed.data
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'validation:invalid' })
      return z.NEVER
    })
const settingsBody = z.object({
  nameAr: z.string().trim().min(1).max(100).optional(),
  nameFr: z.string().trim().min(1).max(100).optional(),
  // The shared rules: an Algerian mobile or landline for the shop, a mobile for WhatsApp ("12345" is refused).
  phone: phoneSetting(dzShopPhone),
  whatsapp: phoneSetting(dzMobile),
  email: z.union([emailAddress, z.literal('')]).nullable().optional(),
  addressAr: optionalText(300),
  addressFr: optionalText(300),
  bankDetails: optionalText(1000),
  ccpDetails: optionalText(1000),
  defaultHomeFee: fee.optional(),
  defaultStopdeskFee: fee.optional(),
  defaultReturnFee: fee.optional(),
  wilayaDivision: z.union(WILAYA_DIVISIONS.map((d) => z.literal(d)) as [z.ZodLiteral<58>, z.ZodLiteral<69>]).optional(),
  /** Anti-hoarding order rules: units of one item per order, units per order, unconfirmed orders per phone. */
  maxLineQuantity: z.number().int().min(1).max(1000).optional(),
  maxOrderQuantity: z.number().int().min(1).max(10000).optional(),
  maxOpenOrdersPerPhone: z.number().int().min(1).max(100).optional(),
})
const orderBelowLine = (min: number) =>
  new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'maxOrderQuantity', message: 'validation:orderLimits.orderBelowLine', params: { min } }] })

const staffCreate = z.object({
  email: emailAddress,
  name: z.string().trim().min(1).max(100),
  password: newPassword,
  role: z.enum(STAFF_ROLES),
})
const staffPatch = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  isActive: z.boolean().optional(),
  password: newPassword.optional(),
})
const staffPasswordReset = z.object({ password: newPassword.optional() })
const contactList = z.object({ handled: queryBoolean.optional(), ...pagingQuery(50) })
const contactPatch = z.object({ handled: z.boolean() })

type SettingsRow = typeof shopSettings.$inferSelect
const settingsReply = (s: SettingsRow) => ({
  nameAr: s.nameAr,
  nameFr: s.nameFr,
  logo: s.logoPath ? `/media/${s.logoPath}` : null,
  phone: s.phone,
  whatsapp: s.whatsapp,
  email: s.email,
  addressAr: s.addressAr,
  addressFr: s.addressFr,
  bankDetails: s.bankDetails,
  ccpDetails: s.ccpDetails,
  defaultHomeFee: s.defaultHomeFee,
  defaultStopdeskFee: s.defaultStopdeskFee,
  defaultReturnFee: s.defaultReturnFee,
  wilayaDivision: s.wilayaDivision,
  maxLineQuantity: s.maxLineQuantity,
  maxOrderQuantity: s.maxOrderQuantity,
  maxOpenOrdersPerPhone: s.maxOpenOrdersPerPhone,
  updatedAt: s.updatedAt.toISOString(),
})

/** An audit line when the default delivery fees change (delivery screen or settings). */
async function auditDefaultFees(
  tx: Db,
  actor: { id: string; name: string },
  before: SettingsRow,
  after: Pick<SettingsRow, 'defaultHomeFee' | 'defaultStopdeskFee' | 'defaultReturnFee'>,
) {
  const change = changedFields(before, after, ['defaultHomeFee', 'defaultStopdeskFee', 'defaultReturnFee'])
  if (change) await writeAudit(tx, actor, { kind: 'delivery_fee', action: 'update', entity: 'delivery_defaults', ...change })
}

type StaffRow = typeof staff.$inferSelect
const staffReply = (m: StaffRow) => ({
  _id: m.id,
  email: m.email,
  name: m.name,
  role: m.role,
  isActive: m.isActive,
  createdAt: m.createdAt.toISOString(),
})

export async function shopAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()

  // ---------------------------------------------------------------- delivery prices
  {
    const tags = ['admin: delivery']
    const staffOnly = requireStaff('delivery')
    api.get('/delivery-prices', { schema: { tags, summary: "The price table in the shop's division, and the default fees" }, onRequest: staffOnly }, async (request, reply) => {
      const settings = await getShopSettings(app.db)
      const [rows, prices] = await Promise.all([
        app.db.select().from(wilayas).where(lte(wilayas.code, settings.wilayaDivision)).orderBy(asc(wilayas.code)),
        app.db.select().from(deliveryPrices),
      ])
      const price = new Map(prices.map((p) => [`${p.wilayaCode}:${p.type}`, p]))
      const wilayaList = rows.map((w) => {
        const home = price.get(`${w.code}:domicil`)
        const desk = price.get(`${w.code}:stopdesk`)
        return {
          code: w.code,
          name: request.locale === 'ar' ? w.nameAr : w.nameFr,
          nameAr: w.nameAr,
          nameFr: w.nameFr,
          domicil: home ? home.price : null,
          stopdesk: desk ? desk.price : null,
          returnPrice: home?.returnPrice ?? desk?.returnPrice ?? settings.defaultReturnFee,
          hasRow: Boolean(home || desk),
        }
      })
      return reply.ok({
        division: settings.wilayaDivision,
        defaults: { home: settings.defaultHomeFee, stopdesk: settings.defaultStopdeskFee, return: settings.defaultReturnFee },
        wilayas: wilayaList,
      })
    })
    api.put('/delivery-prices/defaults', { schema: { tags, summary: 'Default fees for wilayas without a row', body: defaultsBody }, onRequest: staffOnly }, async (request, reply) => {
      const { home, stopdesk } = request.body
      const actor = staffOf(request)
      await app.db.transaction(async (tx) => {
        const [current] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update')
        if (!current) throw new Error('shop_settings row missing')
        await tx
          .update(shopSettings)
          .set({ defaultHomeFee: home, defaultStopdeskFee: stopdesk, defaultReturnFee: request.body.return, updatedAt: sql`now()` })
          .where(eq(shopSettings.id, 1))
        await auditDefaultFees(tx, actor, current, { defaultHomeFee: home, defaultStopdeskFee: stopdesk, defaultReturnFee: request.body.return })
      })
      return reply.ok({ defaults: request.body })
    })
    api.put(
      '/delivery-prices/:wilayaCode',
      { schema: { tags, summary: 'Prices of one wilaya (stopdesk null: no stop desk there)', params: wilayaParams, body: priceBody }, onRequest: staffOnly },
      async (request, reply) => {
        const code = request.params.wilayaCode
        const [w] = await app.db.select({ code: wilayas.code }).from(wilayas).where(eq(wilayas.code, code)).limit(1)
        if (!w) throw new AppError('NOT_FOUND')
        const { domicil, stopdesk, returnPrice } = request.body
        const actor = staffOf(request)
        await app.db.transaction(async (tx) => {
          const old = await tx.select().from(deliveryPrices).where(eq(deliveryPrices.wilayaCode, code)).for('update')
          const home = old.find((p) => p.type === 'domicil')
          const desk = old.find((p) => p.type === 'stopdesk')
          const change = changedFields(
            { domicil: home ? home.price : 'default', stopdesk: desk ? desk.price : 'default', returnPrice: home?.returnPrice ?? desk?.returnPrice ?? 'default' },
            { domicil, stopdesk, returnPrice },
            ['domicil', 'stopdesk', 'returnPrice'],
          )
          if (change) await writeAudit(tx, actor, { kind: 'delivery_fee', action: 'update', entity: 'delivery_price', entityId: code, label: String(code).padStart(2, '0'), ...change })
          for (const [type, value] of [['domicil', domicil], ['stopdesk', stopdesk]] as const) {
            await tx
              .insert(deliveryPrices)
              .values({ wilayaCode: code, type, price: value, returnPrice })
              .onConflictDoUpdate({
                target: [deliveryPrices.wilayaCode, deliveryPrices.type],
                set: { price: value, returnPrice, updatedAt: sql`now()` },
              })
          }
        })
        return reply.ok({ wilaya: { code, domicil, stopdesk, returnPrice, hasRow: true } })
      },
    )
  }

  // ---------------------------------------------------------------- settings (owner)
  {
    const tags = ['admin: settings']
    const ownerOnly = requireStaff('settings')
    api.get('/settings', { schema: { tags, summary: 'Shop settings (owner)' }, onRequest: ownerOnly }, async (_request, reply) => {
      return reply.ok({ settings: settingsReply(await getShopSettings(app.db)) })
    })
    api.patch('/settings', { schema: { tags, summary: 'Change shop settings (owner)', body: settingsBody }, onRequest: ownerOnly }, async (request, reply) => {
      const values = withoutUndefined(request.body)
      for (const key of ['phone', 'whatsapp', 'email'] as const) if (values[key] === '') values[key] = null
      const actor = staffOf(request)
      const row = await mapConstraint(
        () =>
          app.db.transaction(async (tx) => {
            const [current] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update')
            if (!current) throw new Error('shop_settings row missing')
            // an order must be able to hold one full line: checked against the stored value the body leaves out
            const line = values.maxLineQuantity ?? current.maxLineQuantity
            if ((values.maxOrderQuantity ?? current.maxOrderQuantity) < line) throw orderBelowLine(line)
            const [updated] = await tx
              .update(shopSettings)
              .set({ ...values, updatedAt: sql`now()` })
              .where(eq(shopSettings.id, 1))
              .returning()
            if (!updated) throw new Error('shop_settings row missing')
            await auditDefaultFees(tx, actor, current, updated)
            return updated
          }),
        // the database's check has the last word
        { shop_settings_order_limits_check: orderBelowLine(values.maxLineQuantity ?? 1) },
      )
      return reply.ok({ settings: settingsReply(row) })
    })
    api.post(
      '/settings/logo',
      { schema: { tags, summary: 'Upload the logo (multipart "file", JPEG/PNG/WebP; stored as WebP within 512 px) (owner)', consumes: ['multipart/form-data'] }, onRequest: ownerOnly },
      async (request, reply) => {
        const name = await storeLogo(requireFile(await readMultipart(request)), app.config.mediaDir)
        const [row] = await app.db.update(shopSettings).set({ logoPath: name, updatedAt: sql`now()` }).where(eq(shopSettings.id, 1)).returning()
        if (!row) throw new Error('shop_settings row missing')
        return reply.ok({ settings: settingsReply(row) })
      },
    )
  }

  // ---------------------------------------------------------------- staff accounts (owner)
  {
    const tags = ['admin: staff']
    const ownerOnly = requireStaff('staff')
    api.get('/staff', { schema: { tags, summary: 'Staff accounts (owner)' }, onRequest: ownerOnly }, async (_request, reply) => {
      const rows = await app.db.select().from(staff).orderBy(asc(staff.createdAt))
      return reply.ok({ staff: rows.map(staffReply), total: rows.length })
    })
    api.post('/staff', { schema: { tags, summary: 'Create a staff account (owner)', body: staffCreate }, onRequest: ownerOnly }, async (request, reply) => {
      const actor = staffOf(request)
      const created = await mapConstraint(
        () =>
          app.db.transaction(async (tx) => {
            const member = await createStaff(tx, request.body)
            await writeAudit(tx, actor, { kind: 'staff', action: 'create', entity: 'staff', entityId: member.id, label: request.body.name, after: { role: request.body.role } })
            return member
          }),
        { staff_email_lower_key: new AppError('EMAIL_TAKEN') },
      )
      const [row] = await app.db.select().from(staff).where(eq(staff.id, created.id))
      if (!row) throw new Error('staff insert returned nothing')
      return reply.code(201).ok({ staff: staffReply(row) })
    })
    api.patch('/staff/:id', { schema: { tags, summary: 'Change name, role, active or password; the shop always keeps an active owner (owner)', params, body: staffPatch }, onRequest: ownerOnly }, async (request, reply) => {
      const id = requireUuid(request.params.id)
      const body = request.body
      const actor = staffOf(request)
      const row = await changeStaff(app.db, id, request.cookies[STAFF_COOKIE], async (tx, current) => {
        const values: Partial<typeof staff.$inferInsert> = withoutUndefined({ name: body.name, role: body.role, isActive: body.isActive })
        if (body.password) values.passwordHash = await hashPassword(body.password)
        const change = changedFields({ role: current.role, isActive: current.isActive }, { role: body.role, isActive: body.isActive }, ['role', 'isActive'])
        if (change || body.password) {
          await writeAudit(tx, actor, {
            kind: 'staff',
            action: body.password ? 'reset-password' : 'update',
            entity: 'staff',
            entityId: id,
            label: current.name,
            before: change?.before ?? null,
            after: { ...change?.after, ...(body.password ? { password: 'changed' } : {}) },
          })
        }
        return { values, revoke: body.isActive === false ? 'all' : body.password ? 'others' : 'none' }
      })
      return reply.ok({ staff: staffReply(row) })
    })
    api.post(
      '/staff/:id/password',
      { schema: { tags, summary: "Reset a member's password: the one given, or a generated one returned once; that member's sessions end (owner)", params, body: staffPasswordReset }, onRequest: ownerOnly },
      async (request, reply) => {
        const id = requireUuid(request.params.id)
        const actor = staffOf(request)
        const password = request.body.password ?? randomPassword()
        const passwordHash = await hashPassword(password)
        const row = await changeStaff(app.db, id, request.cookies[STAFF_COOKIE], async (tx, current) => {
          await writeAudit(tx, actor, { kind: 'staff', action: 'reset-password', entity: 'staff', entityId: id, label: current.name, after: { password: 'changed' } })
          return { values: { passwordHash }, revoke: 'others' }
        })
        return reply.ok({ staff: staffReply(row), password: request.body.password ? null : password })
      },
    )
  }

  // ---------------------------------------------------------------- newsletter and contact messages
  {
    const tags = ['admin: messages']
    const staffOnly = requireStaff('inbox')
    const listQuery = z.object({ ...pagingQuery(50) })
    api.get('/newsletter', { schema: { tags, summary: 'Newsletter subscriptions, newest first', querystring: listQuery }, onRequest: staffOnly }, async (request, reply) => {
      const { page, limit } = request.query
      const [rows, [total]] = await Promise.all([
        app.db.select().from(newsletterSubscriptions).orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id)).limit(limit).offset((page - 1) * limit),
        app.db.select({ n: count() }).from(newsletterSubscriptions),
      ])
      return reply.ok({
        subscriptions: rows.map((r) => ({ _id: r.id, email: r.email, locale: r.locale, createdAt: r.createdAt.toISOString() })),
        ...paged(total?.n ?? 0, page, limit),
      })
    })
    api.get('/newsletter/export.csv', { schema: { tags, summary: 'Every subscription as CSV' }, onRequest: staffOnly }, async (_request, reply) => {
      const rows = await app.db.select().from(newsletterSubscriptions).orderBy(asc(newsletterSubscriptions.createdAt))
      const body = csvDocument([['email', 'language', 'date'], ...rows.map((r) => [r.email, r.locale, r.createdAt.toISOString().slice(0, 10)])])
      return sendCsv(reply, 'newsletter.csv', body)
    })
    api.get('/contact-messages', { schema: { tags, summary: 'Contact form messages, newest first', querystring: contactList }, onRequest: staffOnly }, async (request, reply) => {
      const { page, limit, handled } = request.query
      const where = handled === undefined ? undefined : handled ? isNotNull(contactMessages.handledAt) : isNull(contactMessages.handledAt)
      const [rows, [total]] = await Promise.all([
        app.db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit).offset((page - 1) * limit),
        app.db.select({ n: count() }).from(contactMessages).where(where),
      ])
      return reply.ok({ messages: rows.map(messageReply), ...paged(total?.n ?? 0, page, limit) })
    })
    api.patch('/contact-messages/:id', { schema: { tags, summary: 'Mark a message handled (or not)', params, body: contactPatch }, onRequest: staffOnly }, async (request, reply) => {
      const [row] = await app.db
        .update(contactMessages)
        .set({ handledAt: request.body.handled ? sql`now()` : null })
        .where(eq(contactMessages.id, requireUuid(request.params.id)))
        .returning()
      if (!row) throw new AppError('NOT_FOUND')
      return reply.ok({ message: messageReply(row) })
    })
  }
}

/**
 * Changes one staff account in a transaction: the active owners are locked first (two owners demoting
 * each other at once cannot leave none), the shop must keep an active owner, and the member's sessions
 * end as asked ('others': all but the caller's own current session, after a new password).
 */
async function changeStaff(
  db: Db,
  id: string,
  callerToken: string | undefined,
  change: (tx: Db, current: StaffRow) => Promise<{ values: Partial<typeof staff.$inferInsert>; revoke: 'all' | 'others' | 'none' }>,
): Promise<StaffRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.role, 'owner'), eq(staff.isActive, true))).orderBy(asc(staff.id)).for('update')
    const [current] = await tx.select().from(staff).where(eq(staff.id, id)).for('update')
    if (!current) throw new AppError('NOT_FOUND')
    const { values, revoke } = await change(tx, current)
    const [updated] = await tx.update(staff).set({ ...values, updatedAt: sql`now()` }).where(eq(staff.id, id)).returning()
    if (!updated) throw new AppError('NOT_FOUND')
    const [owners] = await tx.select({ n: count() }).from(staff).where(and(eq(staff.role, 'owner'), eq(staff.isActive, true)))
    if ((owners?.n ?? 0) === 0) throw new AppError('LAST_OWNER')
    if (revoke === 'all') await tx.delete(sessions).where(eq(sessions.staffId, id))
    if (revoke === 'others') {
      const keep = callerToken ? hashToken(callerToken) : ''
      await tx.delete(sessions).where(and(eq(sessions.staffId, id), ne(sessions.tokenHash, keep)))
    }
    return updated
  })
}

function messageReply(m: typeof contactMessages.$inferSelect) {
  return {
    _id: m.id,
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    handled: m.handledAt !== null,
    handledAt: m.handledAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
  }
}
