import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { count } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { communes, deliveryPrices, shopSettings, wilayas } from '../db/schema.ts'
import { REFERENCE_DIR } from '../paths.ts'

// Copied from the shared Algeria data set (see src/reference/README.md for its sources and caveats).
const referenceFile = (name: string) => path.join(REFERENCE_DIR, name)

interface WilayaJson {
  code: number
  nameFr: string
  nameAr: string
  parentCode?: number
}
interface CommuneJson {
  id: number
  wilayaCode: number
  wilayaCode58: number
  nameFr: string
  nameAr: string
  postalCode?: string
}
type DeliveryPricesJson = Record<string, { home: number | null; stopdesk: number | null; zone: string }>

async function readJson<T>(name: string): Promise<T> {
  return JSON.parse(await readFile(referenceFile(name), 'utf8')) as T
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Wilayas, communes and the default delivery grid; loaded once, when the wilayas table is empty. */
export async function loadReferenceData(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(wilayas)
  if ((existing?.n ?? 0) > 0) return false
  const [wilayaRows, communeRows, prices] = await Promise.all([
    readJson<WilayaJson[]>('wilayas.json'),
    readJson<CommuneJson[]>('communes.json'),
    readJson<DeliveryPricesJson>('delivery-prices.json'),
  ])
  await db.transaction(async (tx) => {
    // parents (1-58) before the wilayas of Law 26-06 that point at them
    const ordered = [...wilayaRows].sort((a, b) => a.code - b.code)
    await tx.insert(wilayas).values(
      ordered.map((w) => ({ code: w.code, nameAr: w.nameAr, nameFr: w.nameFr, parentCode: w.parentCode ?? null })),
    )
    for (const part of chunks(communeRows, 400)) {
      await tx.insert(communes).values(
        part.map((c) => ({
          id: c.id,
          wilayaCode: c.wilayaCode,
          wilayaCode58: c.wilayaCode58,
          nameAr: c.nameAr,
          nameFr: c.nameFr,
          postalCode: c.postalCode ?? null,
        })),
      )
    }
    const priceRows = Object.entries(prices).flatMap(([code, p]) => [
      { wilayaCode: Number(code), type: 'domicil' as const, price: p.home },
      // a null stop-desk price is stored as a row with no price: "no stop desk here", not "use the default"
      { wilayaCode: Number(code), type: 'stopdesk' as const, price: p.stopdesk },
    ])
    await tx.insert(deliveryPrices).values(priceRows)
  })
  return true
}

/** The single settings row, with neutral defaults until the owner (or the demo seed) fills it in. */
export async function ensureShopSettings(db: Db): Promise<void> {
  await db.insert(shopSettings).values({ id: 1, nameAr: 'متجري', nameFr: 'Ma boutique' }).onConflictDoNothing()
}
