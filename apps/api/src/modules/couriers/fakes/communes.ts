import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { REFERENCE_DIR } from '../../../paths.ts'

/**
 * The fakes' commune lists, built from the store's reference (src/reference) but spelled as a courier would:
 * French with accents the reference leaves out ("Aïn", "Béni"), hyphens where it has spaces and the other way
 * round, so place matching meets the spellings it meets in real lists. Ids: numeric (Yalidine, Ecotrack) or
 * UUIDs (ZR). One stop desk per wilaya (its first commune).
 */
export type FakeCourier = 'yalidine' | 'ecotrack' | 'zr'

export interface FakeWilaya {
  code: number
  name: string
  /** ZR's territory id of the wilaya (its "city"). */
  uuid: string
}

export interface FakeCommune {
  /** The store's commune id it comes from (tests use it to find the expected match). */
  storeId: number
  /** The courier's id: a number for Yalidine and Ecotrack, a UUID for ZR. */
  id: string
  name: string
  wilayaCode: number
  wilayaName: string
  hasStopDesk: boolean
}

interface ReferenceCommune {
  id: number
  wilayaCode58: number
  nameFr: string
}
interface ReferenceWilaya {
  code: number
  nameFr: string
}

const read = <T>(name: string): T => JSON.parse(readFileSync(path.join(REFERENCE_DIR, name), 'utf8')) as T

/** A stable UUID (version 5 layout) from a key: the same on every run, so tests can name places. */
export function stableUuid(key: string): string {
  const hex = createHash('sha1').update(key).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** The courier's spelling of a reference name; which names change depends on the id, so each list differs a little. */
export function courierSpelling(name: string, id: number): string {
  let spelled = name
  if (id % 3 === 0) spelled = spelled.replace(/\bAin\b/g, 'Aïn').replace(/\bBeni\b/g, 'Béni').replace(/\bOuled\b/g, 'Oulèd')
  if (id % 5 === 0) spelled = spelled.replace(/ /g, '-')
  else if (id % 5 === 1) spelled = spelled.replace(/-/g, ' ')
  return spelled
}

let cache: { wilayas: ReferenceWilaya[]; communes: ReferenceCommune[] } | null = null
function reference() {
  cache ??= { wilayas: read<ReferenceWilaya[]>('wilayas.json'), communes: read<ReferenceCommune[]>('communes.json') }
  return cache
}

/** The 58 wilayas couriers still use (Law 19-12 numbering). */
export function fakeWilayas(): FakeWilaya[] {
  return reference()
    .wilayas.filter((w) => w.code <= 58)
    .map((w) => ({ code: w.code, name: w.nameFr, uuid: stableUuid(`zr-city-${w.code}`) }))
}

export function fakeCommunes(courier: FakeCourier): FakeCommune[] {
  const names = new Map(fakeWilayas().map((w) => [w.code, w.name]))
  const sorted = [...reference().communes].sort((a, b) => a.id - b.id)
  const firstOfWilaya = new Set<number>()
  const seen = new Set<number>()
  for (const c of sorted) {
    if (!seen.has(c.wilayaCode58)) firstOfWilaya.add(c.id)
    seen.add(c.wilayaCode58)
  }
  return sorted.map((c, index) => ({
    storeId: c.id,
    id: courier === 'zr' ? stableUuid(`zr-district-${c.id}`) : String(courier === 'yalidine' ? c.id : 10_000 + index),
    // the couriers' lists are spelled independently: Ecotrack's variations fall on other communes than Yalidine's
    name: courierSpelling(c.nameFr, courier === 'ecotrack' ? c.id + 1 : c.id),
    wilayaCode: c.wilayaCode58,
    wilayaName: names.get(c.wilayaCode58) ?? String(c.wilayaCode58),
    hasStopDesk: firstOfWilaya.has(c.id),
  }))
}
