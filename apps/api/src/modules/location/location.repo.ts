import type { Locale } from '@shop/shared'
import { asc, eq, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { communes, wilayas } from '../../db/schema.ts'

const localName = (row: { nameAr: string; nameFr: string }, locale: Locale) => (locale === 'ar' ? row.nameAr : row.nameFr)

/** Wilayas 1-58, or 1-69 when the shop shows the division of Law 26-06. */
export async function listWilayas(db: Db, division: number, locale: Locale) {
  const rows = await db
    .select({ code: wilayas.code, nameAr: wilayas.nameAr, nameFr: wilayas.nameFr })
    .from(wilayas)
    .where(lte(wilayas.code, division))
    .orderBy(asc(wilayas.code))
  return rows.map((row) => ({
    _id: row.code,
    code: String(row.code).padStart(2, '0'),
    name: localName(row, locale),
    nameAr: row.nameAr,
    nameFr: row.nameFr,
  }))
}

/** Communes of a wilaya in the shown division; null when the wilaya is not part of it. */
export async function listCommunes(db: Db, division: number, wilayaCode: number, locale: Locale) {
  if (wilayaCode > division) return null
  const exists = await db.select({ code: wilayas.code }).from(wilayas).where(eq(wilayas.code, wilayaCode)).limit(1)
  if (exists.length === 0) return null
  const column = division === 58 ? communes.wilayaCode58 : communes.wilayaCode
  const rows = await db
    .select({ id: communes.id, nameAr: communes.nameAr, nameFr: communes.nameFr, postalCode: communes.postalCode })
    .from(communes)
    .where(eq(column, wilayaCode))
    .orderBy(locale === 'ar' ? asc(communes.nameAr) : asc(communes.nameFr))
  return rows.map((row) => ({
    _id: row.id,
    name: localName(row, locale),
    nameAr: row.nameAr,
    nameFr: row.nameFr,
    postalCode: row.postalCode,
  }))
}
