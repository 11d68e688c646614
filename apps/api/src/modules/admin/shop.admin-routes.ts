import { dzMobile, dzShopPhone, emailAddress, newPassword, STAFF_ROLES, WILAYA_DIVISIONS } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, asc, count, desc, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { contactMessages, deliveryPrices, newsletterSubscriptions, sessions, shopSettings, staff, wilayas } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { pagingQuery } from '../../http/paging.ts'
import { hashToken, requireStaff, STAFF_COOKIE } from '../../plugins/session.ts'
import { getShopSettings } from '../settings/settings.repo.ts'
import { createStaff } from './staff.service.ts'
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
})

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
  updatedAt: s.updatedAt.toISOString(),
})

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
  const staffOnly = requireStaff('owner', 'staff')
  const ownerOnly = requireStaff('owner')

  // ---------------------------------------------------------------- delivery prices
  {
    const tags = ['admin: delivery']
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
      await app.db
        .update(shopSettings)
        .set({ defaultHomeFee: home, defaultStopdeskFee: stopdesk, defaultReturnFee: request.body.return, updatedAt: sql`now()` })
        .where(eq(shopSettings.id, 1))
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
        await app.db.transaction(async (tx) => {
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
    api.get('/settings', { schema: { tags, summary: 'Shop settings (owner)' }, onRequest: ownerOnly }, async (_request, reply) => {
      return reply.ok({ settings: settingsReply(await getShopSettings(app.db)) })
    })
    api.patch('/settings', { schema: { tags, summary: 'Change shop settings (owner)', body: settingsBody }, onRequest: ownerOnly }, async (request, reply) => {
      const values = withoutUndefined(request.body)
      for (const key of ['phone', 'whatsapp', 'email'] as const) if (values[key] === '') values[key] = null
      const [row] = await app.db
        .update(shopSettings)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(shopSettings.id, 1))
        .returning()
      if (!row) throw new Error('shop_settings row missing')
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
    api.get('/staff', { schema: { tags, summary: 'Staff accounts (owner)' }, onRequest: ownerOnly }, async (_request, reply) => {
      const rows = await app.db.select().from(staff).orderBy(asc(staff.createdAt))
      return reply.ok({ staff: rows.map(staffReply), total: rows.length })
    })
    api.post('/staff', { schema: { tags, summary: 'Create a staff account (owner)', body: staffCreate }, onRequest: ownerOnly }, async (request, reply) => {
      const created = await mapConstraint(() => createStaff(app.db, request.body), { staff_email_lower_key: new AppError('EMAIL_TAKEN') })
      const [row] = await app.db.select().from(staff).where(eq(staff.id, created.id))
      if (!row) throw new Error('staff insert returned nothing')
      return reply.code(201).ok({ staff: staffReply(row) })
    })
    api.patch('/staff/:id', { schema: { tags, summary: 'Change name, role, active or password; the shop always keeps an active owner (owner)', params, body: staffPatch }, onRequest: ownerOnly }, async (request, reply) => {
      const id = requireUuid(request.params.id)
      const body = request.body
      const currentToken = request.cookies[STAFF_COOKIE]
      const row = await app.db.transaction(async (tx) => {
        // lock the active owners first: two owners demoting each other at once cannot leave none
        await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.role, 'owner'), eq(staff.isActive, true))).orderBy(asc(staff.id)).for('update')
        const [current] = await tx.select().from(staff).where(eq(staff.id, id)).for('update')
        if (!current) throw new AppError('NOT_FOUND')
        const values: Partial<typeof staff.$inferInsert> = withoutUndefined({ name: body.name, role: body.role, isActive: body.isActive })
        if (body.password) values.passwordHash = await hashPassword(body.password)
        const [updated] = await tx.update(staff).set({ ...values, updatedAt: sql`now()` }).where(eq(staff.id, id)).returning()
        if (!updated) throw new AppError('NOT_FOUND')
        const [owners] = await tx.select({ n: count() }).from(staff).where(and(eq(staff.role, 'owner'), eq(staff.isActive, true)))
        if ((owners?.n ?? 0) === 0) throw new AppError('LAST_OWNER')
        if (body.isActive === false) {
          await tx.delete(sessions).where(eq(sessions.staffId, id))
        } else if (body.password) {
          // a new password signs the account out everywhere, except in the owner's own current session
          const keep = currentToken ? hashToken(currentToken) : ''
          await tx.delete(sessions).where(and(eq(sessions.staffId, id), ne(sessions.tokenHash, keep)))
        }
        return updated
      })
      return reply.ok({ staff: staffReply(row) })
    })
  }

  // ---------------------------------------------------------------- newsletter and contact messages
  {
    const tags = ['admin: messages']
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
