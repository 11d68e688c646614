import { and, asc, count, eq, ilike, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { communes, courierAccounts, courierPlaces, courierWilayaChoices, shipments, wilayas } from '../../db/schema.ts'

export type CourierAccountRow = typeof courierAccounts.$inferSelect
export type CourierAccountValues = Omit<typeof courierAccounts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>
export type CourierPlaceRow = typeof courierPlaces.$inferSelect

/** Every account with its places (synced, matched) and shipments counted. */
export async function listCourierAccounts(db: Db, id?: string) {
  const placeCounts = db
    .select({
      accountId: courierPlaces.accountId,
      total: count().as('total'),
      matched: sql<number>`count(${courierPlaces.communeId})::int`.as('matched'),
    })
    .from(courierPlaces)
    .groupBy(courierPlaces.accountId)
    .as('place_counts')
  const shipmentCounts = db
    .select({ accountId: shipments.accountId, n: count().as('n') })
    .from(shipments)
    .groupBy(shipments.accountId)
    .as('shipment_counts')
  const rows = await db
    .select({ account: courierAccounts, total: placeCounts.total, matched: placeCounts.matched, shipments: shipmentCounts.n })
    .from(courierAccounts)
    .leftJoin(placeCounts, eq(placeCounts.accountId, courierAccounts.id))
    .leftJoin(shipmentCounts, eq(shipmentCounts.accountId, courierAccounts.id))
    .where(id === undefined ? undefined : eq(courierAccounts.id, id))
    .orderBy(asc(courierAccounts.createdAt), asc(courierAccounts.name))
  return rows.map((r) => ({ ...r.account, placesTotal: Number(r.total ?? 0), placesMatched: Number(r.matched ?? 0), shipments: Number(r.shipments ?? 0) }))
}
export type CourierAccountListRow = Awaited<ReturnType<typeof listCourierAccounts>>[number]

export async function findCourierAccount(db: Db, id: string, options: { lock?: boolean } = {}): Promise<CourierAccountRow | null> {
  const query = db.select().from(courierAccounts).where(eq(courierAccounts.id, id))
  const [row] = options.lock ? await query.for('update') : await query
  return row ?? null
}

export async function insertCourierAccount(tx: Db, values: CourierAccountValues): Promise<CourierAccountRow> {
  const [row] = await tx.insert(courierAccounts).values(values).returning()
  if (!row) throw new Error('courier account not inserted')
  return row
}

export async function updateCourierAccount(tx: Db, id: string, values: Partial<CourierAccountValues>): Promise<void> {
  await tx.update(courierAccounts).set({ ...values, updatedAt: new Date() }).where(eq(courierAccounts.id, id))
}

/** Clears the default flag of every other account (one default at most, see courier_accounts_default_key). */
export async function clearOtherDefaults(tx: Db, keepId: string): Promise<void> {
  await tx
    .update(courierAccounts)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(courierAccounts.isDefault, true), sql`${courierAccounts.id} <> ${keepId}`))
}

export async function deleteCourierAccount(tx: Db, id: string): Promise<void> {
  await tx.delete(courierAccounts).where(eq(courierAccounts.id, id))
}

export async function countShipmentsOf(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shipments).where(eq(shipments.accountId, accountId))
  return row?.n ?? 0
}

/** Wilayas 1-58 (the division couriers and choices use) with the account chosen for each, if any. */
export async function listWilayaChoices(db: Db) {
  return db
    .select({ code: wilayas.code, nameAr: wilayas.nameAr, nameFr: wilayas.nameFr, accountId: courierWilayaChoices.accountId })
    .from(wilayas)
    .leftJoin(courierWilayaChoices, eq(courierWilayaChoices.wilayaCode, wilayas.code))
    .where(sql`${wilayas.code} <= 58`)
    .orderBy(asc(wilayas.code))
}

export async function setWilayaChoice(tx: Db, wilayaCode: number, accountId: string | null): Promise<void> {
  if (accountId === null) {
    await tx.delete(courierWilayaChoices).where(eq(courierWilayaChoices.wilayaCode, wilayaCode))
    return
  }
  await tx
    .insert(courierWilayaChoices)
    .values({ wilayaCode, accountId })
    .onConflictDoUpdate({ target: courierWilayaChoices.wilayaCode, set: { accountId } })
}

export async function findWilayaChoice(db: Db, wilayaCode: number): Promise<string | null> {
  const [row] = await db.select({ accountId: courierWilayaChoices.accountId }).from(courierWilayaChoices).where(eq(courierWilayaChoices.wilayaCode, wilayaCode))
  return row?.accountId ?? null
}

export async function findDefaultAccount(db: Db): Promise<CourierAccountRow | null> {
  const [row] = await db
    .select()
    .from(courierAccounts)
    .where(and(eq(courierAccounts.isDefault, true), eq(courierAccounts.active, true)))
  return row ?? null
}

// ---------------------------------------------------------------- places

export async function listAllCommunes(db: Db) {
  return db.select({ id: communes.id, nameFr: communes.nameFr, nameAr: communes.nameAr, wilayaCode58: communes.wilayaCode58 }).from(communes)
}

export async function listPlacesOf(db: Db, accountId: string): Promise<CourierPlaceRow[]> {
  return db.select().from(courierPlaces).where(eq(courierPlaces.accountId, accountId))
}

export type PlaceValues = Omit<typeof courierPlaces.$inferInsert, 'id' | 'syncedAt'>

/** Inserts or refreshes places by (account, remote id); the values given carry the match to keep. */
export async function upsertPlaces(tx: Db, rows: PlaceValues[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(courierPlaces)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [courierPlaces.accountId, courierPlaces.remoteId],
        set: {
          remoteName: sql`excluded.remote_name`,
          remoteWilaya: sql`excluded.remote_wilaya`,
          wilayaCode: sql`excluded.wilaya_code`,
          remoteParentId: sql`excluded.remote_parent_id`,
          hasStopDesk: sql`excluded.has_stop_desk`,
          stopDeskId: sql`excluded.stop_desk_id`,
          communeId: sql`excluded.commune_id`,
          matchedBy: sql`excluded.matched_by`,
          syncedAt: sql`now()`,
        },
      })
  }
}

/** Removes the places the courier no longer lists. */
export async function deletePlacesExcept(tx: Db, accountId: string, keepRemoteIds: string[]): Promise<number> {
  const gone = await tx
    .delete(courierPlaces)
    .where(and(eq(courierPlaces.accountId, accountId), keepRemoteIds.length > 0 ? notInArray(courierPlaces.remoteId, keepRemoteIds) : undefined))
    .returning({ id: courierPlaces.id })
  return gone.length
}

export async function pagePlaces(db: Db, accountId: string, filter: { unmatchedOnly: boolean; q: string | undefined; page: number; limit: number }) {
  const where = and(
    eq(courierPlaces.accountId, accountId),
    filter.unmatchedOnly ? isNull(courierPlaces.communeId) : undefined,
    filter.q ? ilike(courierPlaces.remoteName, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ place: courierPlaces, communeNameFr: communes.nameFr, communeNameAr: communes.nameAr })
      .from(courierPlaces)
      .leftJoin(communes, eq(communes.id, courierPlaces.communeId))
      .where(where)
      .orderBy(asc(courierPlaces.wilayaCode), asc(courierPlaces.remoteName), asc(courierPlaces.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(courierPlaces).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** The store's communes no place of the account is matched onto. */
export async function listUncoveredCommunes(db: Db, accountId: string) {
  const covered = db
    .select({ id: courierPlaces.communeId })
    .from(courierPlaces)
    .where(and(eq(courierPlaces.accountId, accountId), sql`${courierPlaces.communeId} is not null`))
  return db
    .select({ id: communes.id, nameFr: communes.nameFr, nameAr: communes.nameAr, wilayaCode: communes.wilayaCode58 })
    .from(communes)
    .where(notInArray(communes.id, covered))
    .orderBy(asc(communes.wilayaCode58), asc(communes.nameFr))
}

export async function findPlace(db: Db, accountId: string, placeId: number) {
  const [row] = await db
    .select({ place: courierPlaces, communeNameFr: communes.nameFr, communeNameAr: communes.nameAr })
    .from(courierPlaces)
    .leftJoin(communes, eq(communes.id, courierPlaces.communeId))
    .where(and(eq(courierPlaces.accountId, accountId), eq(courierPlaces.id, placeId)))
  return row ?? null
}

export async function setPlaceCommune(db: Db, placeId: number, communeId: number | null): Promise<void> {
  await db.update(courierPlaces).set({ communeId, matchedBy: 'manual' }).where(eq(courierPlaces.id, placeId))
}

export async function communeExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: communes.id }).from(communes).where(eq(communes.id, id))
  return row !== undefined
}

/** The account's place for a commune: a staff match first, then one with a stop desk, then the oldest. */
export async function findPlaceOfCommune(db: Db, accountId: string, communeId: number): Promise<CourierPlaceRow | null> {
  const [row] = await db
    .select()
    .from(courierPlaces)
    .where(and(eq(courierPlaces.accountId, accountId), eq(courierPlaces.communeId, communeId)))
    .orderBy(sql`${courierPlaces.matchedBy} = 'manual' desc`, sql`${courierPlaces.hasStopDesk} desc`, asc(courierPlaces.id))
    .limit(1)
  return row ?? null
}

export async function accountsExist(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: courierAccounts.id }).from(courierAccounts).where(inArray(courierAccounts.id, ids))
  return new Set(rows.map((r) => r.id))
}
