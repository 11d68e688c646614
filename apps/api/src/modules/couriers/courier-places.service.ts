import type { CourierPlace, Locale } from '@shop/shared'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { type CourierAdapter, CourierError, type RemotePlace } from './courier.ts'
import {
  communeExists,
  type CourierPlaceRow,
  deletePlacesExcept,
  findCourierAccount,
  findPlace,
  listAllCommunes,
  listPlacesOf,
  listUncoveredCommunes,
  pagePlaces,
  type PlaceValues,
  setPlaceCommune,
  upsertPlaces,
} from './courier-accounts.repo.ts'
import { createCommuneMatcher } from './place-matching.ts'

export interface PlacesSync {
  total: number
  matched: number
  unmatched: number
  new: number
  removed: number
}

/** The store's wilaya of a courier's place: given by the adapter, else the courier's wilaya when it is a code. */
function wilayaOf(place: RemotePlace): number | null {
  if (place.wilayaCode !== null) return place.wilayaCode
  const code = /^\d{1,2}$/.test(place.remoteWilaya.trim()) ? Number(place.remoteWilaya) : NaN
  return code >= 1 && code <= 58 ? code : null
}

/** What the courier said, in the store's refusal codes: bad credentials, or not reachable now. */
function courierFailure(error: unknown): never {
  if (error instanceof CourierError) {
    throw new AppError(error.code === 'unauthorized' ? 'COURIER_AUTH_FAILED' : 'COURIER_UNAVAILABLE', { cause: error })
  }
  throw error
}

/**
 * Fetches the courier's places and keeps them (by account and the courier's id): each is matched onto a store
 * commune by name within its wilaya, except a match staff made, kept as it is; places the courier no longer
 * lists are removed. The courier is asked before the transaction, so a slow courier holds no lock.
 */
export async function syncPlaces(db: Db, accountId: string, adapterOf: (accountId: string) => Promise<CourierAdapter>): Promise<PlacesSync> {
  if (!(await findCourierAccount(db, accountId))) throw new AppError('NOT_FOUND')
  let remote: RemotePlace[]
  try {
    remote = await (await adapterOf(accountId)).places()
  } catch (error) {
    courierFailure(error)
  }
  // one row per courier id (a list repeating one would make the upsert touch a row twice)
  const byRemoteId = new Map(remote.map((place) => [place.remoteId, place]))
  const matcher = createCommuneMatcher(await listAllCommunes(db))
  return db.transaction(async (tx) => {
    // one sync of an account at a time: the second waits for the first and works on its result
    if (!(await findCourierAccount(tx, accountId, { lock: true }))) throw new AppError('NOT_FOUND')
    const existing = new Map<string, CourierPlaceRow>((await listPlacesOf(tx, accountId)).map((row) => [row.remoteId, row]))
    const rows: PlaceValues[] = [...byRemoteId.values()].map((place) => {
      const wilayaCode = wilayaOf(place)
      const kept = existing.get(place.remoteId)
      const isManual = kept?.matchedBy === 'manual'
      const communeId = isManual ? kept.communeId : matcher.match(place.remoteName, wilayaCode)
      return {
        accountId,
        remoteId: place.remoteId,
        remoteName: place.remoteName,
        remoteWilaya: place.remoteWilaya,
        wilayaCode,
        remoteParentId: place.remoteParentId,
        hasStopDesk: place.hasStopDesk,
        stopDeskId: place.stopDeskId,
        communeId,
        matchedBy: isManual ? 'manual' : communeId === null ? null : 'auto',
      }
    })
    await upsertPlaces(tx, rows)
    const removed = await deletePlacesExcept(tx, accountId, [...byRemoteId.keys()])
    const matched = rows.filter((row) => row.communeId !== null).length
    return {
      total: rows.length,
      matched,
      unmatched: rows.length - matched,
      new: rows.filter((row) => !existing.has(row.remoteId)).length,
      removed,
    }
  })
}

function placeReply(row: { place: CourierPlaceRow; communeNameFr: string | null; communeNameAr: string | null }, locale: Locale): CourierPlace {
  const { place } = row
  return {
    _id: place.id,
    remoteId: place.remoteId,
    remoteName: place.remoteName,
    remoteWilaya: place.remoteWilaya,
    wilayaCode: place.wilayaCode,
    hasStopDesk: place.hasStopDesk,
    communeId: place.communeId,
    communeName: (locale === 'ar' ? row.communeNameAr : row.communeNameFr) ?? null,
    matchedBy: place.matchedBy === 'auto' || place.matchedBy === 'manual' ? place.matchedBy : null,
  }
}

export async function listPlaces(
  db: Db,
  accountId: string,
  query: { filter: 'unmatched' | 'all'; q?: string | undefined; page: number; limit: number },
  locale: Locale,
) {
  if (!(await findCourierAccount(db, accountId))) throw new AppError('NOT_FOUND')
  const [{ rows, total }, uncovered] = await Promise.all([
    pagePlaces(db, accountId, { unmatchedOnly: query.filter === 'unmatched', q: query.q || undefined, page: query.page, limit: query.limit }),
    listUncoveredCommunes(db, accountId),
  ])
  return {
    places: rows.map((row) => placeReply(row, locale)),
    currentPage: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
    total,
    uncovered: uncovered.map((c) => ({ id: c.id, name: locale === 'ar' ? c.nameAr : c.nameFr, wilayaCode: c.wilayaCode })),
  }
}

/** Staff match a place by hand (or unmatch it, null): kept across syncs. */
export async function matchPlace(db: Db, accountId: string, placeId: number, communeId: number | null, locale: Locale): Promise<CourierPlace> {
  const found = await findPlace(db, accountId, placeId)
  if (!found) throw new AppError('NOT_FOUND')
  if (communeId !== null && !(await communeExists(db, communeId))) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'communeId', message: 'validation:invalid' }] })
  }
  await setPlaceCommune(db, placeId, communeId)
  const updated = await findPlace(db, accountId, placeId)
  if (!updated) throw new AppError('NOT_FOUND')
  return placeReply(updated, locale)
}
