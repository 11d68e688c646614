import { z } from 'zod'
import { COURIER_ENGINES, type CourierEngine } from '../couriers.ts'
import { count, paging, pagingQuery, timestamp, uuidText } from './http.ts'

/** Courier accounts, the wilayas' couriers and the courier's places (back office, `/admin/couriers`). */

/** The credential fields each engine needs (write-only: replies say which are set, never their values). */
export const COURIER_CREDENTIAL_FIELDS = {
  yalidine: ['apiId', 'apiToken'],
  ecotrack: ['token'],
  zr: ['tenant', 'apiKey'],
} as const satisfies Record<CourierEngine, readonly string[]>
export type CourierCredentialField = (typeof COURIER_CREDENTIAL_FIELDS)[CourierEngine][number]

/** An engine's own API host; null: each courier of the engine has its own (Ecotrack), the account must give it. */
export const COURIER_DEFAULT_BASE_URL: Record<CourierEngine, string | null> = {
  yalidine: 'https://api.yalidine.app/v1/',
  ecotrack: null,
  zr: 'https://api.zrexpress.app/api/v1',
}

/** Known couriers on a shared engine, offered as presets in the account form. */
export const COURIER_PRESETS = [
  { name: 'Yalidine', engine: 'yalidine', baseUrl: 'https://api.yalidine.app/v1/' },
  { name: 'Guepex', engine: 'yalidine', baseUrl: 'https://api.guepex.app/v1/' },
  { name: 'ZR Express', engine: 'zr', baseUrl: 'https://api.zrexpress.app/api/v1' },
] as const satisfies readonly { name: string; engine: CourierEngine; baseUrl: string }[]

const secretText = z.string().trim().min(1, 'validation:required').max(500)
const httpUrl = z
  .string()
  .trim()
  .max(300)
  .refine((s) => /^https?:\/\/[^\s/]+/i.test(s) && URL.canParse(s), 'validation:invalid')

/**
 * `POST /admin/couriers` and `PUT /admin/couriers/:id`. `credentials`: the engine's fields; on an update, the
 * fields sent replace those kept and an absent `credentials` keeps them all. `webhookSecret`: absent keeps it,
 * null removes it. `baseUrl` absent: the engine's own host (required for Ecotrack).
 */
export const courierAccountBody = z.object({
  name: z.string().trim().min(1, 'validation:required').max(80),
  engine: z.enum(COURIER_ENGINES),
  baseUrl: z.preprocess((v) => (v === '' || v === null ? undefined : v), httpUrl.optional()),
  credentials: z
    .object({
      apiId: secretText.optional(),
      apiToken: secretText.optional(),
      token: secretText.optional(),
      tenant: secretText.optional(),
      apiKey: secretText.optional(),
    })
    .optional(),
  webhookSecret: z.preprocess((v) => (v === '' ? undefined : v), secretText.nullable().optional()),
  senderWilayaCode: z.number().int().min(1).max(58),
  isDefault: z.boolean().default(false),
  active: z.boolean().default(true),
})
export type CourierAccountBody = z.output<typeof courierAccountBody>

export const courierIdParams = z.object({ id: uuidText })

/** An account as staff see it: which credentials are set, never their values. */
export const courierAccount = z.object({
  _id: z.string(),
  name: z.string(),
  engine: z.enum(COURIER_ENGINES),
  baseUrl: z.string(),
  /** The names of the credential fields that hold a value. */
  credentialsSet: z.array(z.string()),
  webhookSecretSet: z.boolean(),
  senderWilayaCode: z.number().int(),
  isDefault: z.boolean(),
  active: z.boolean(),
  /** The courier's places synced, and how many are matched onto the store's communes. */
  places: z.object({ total: count, matched: count }),
  shipments: count,
  createdAt: timestamp,
  updatedAt: timestamp,
})
export type CourierAccount = z.output<typeof courierAccount>
export const courierAccountReply = z.object({ account: courierAccount })
export const courierAccountListReply = z.object({ accounts: z.array(courierAccount) })

/** One wilaya (1-58) and the account its parcels go with (null: the default account). */
export const wilayaCourierChoice = z.object({
  wilayaCode: z.number().int(),
  name: z.string(),
  accountId: z.string().nullable(),
})
export const wilayaCourierChoicesReply = z.object({ choices: z.array(wilayaCourierChoice) })
/** `PUT /admin/couriers/wilaya-choices`: the wilayas listed get the account (null: back to the default). */
export const wilayaCourierChoicesBody = z.object({
  choices: z
    .array(z.object({ wilayaCode: z.number().int().min(1).max(58), accountId: uuidText.nullable() }))
    .min(1)
    .max(58),
})

/** What a places sync did. */
export const placesSyncReply = z.object({
  sync: z.object({ total: count, matched: count, unmatched: count, new: count, removed: count }),
})

export const courierPlacesQuery = z.object({
  filter: z.enum(['unmatched', 'all']).default('unmatched'),
  q: z.string().trim().max(100).optional(),
  ...pagingQuery(50),
})

/** A courier's place and the store's commune it is matched onto (null: not matched). */
export const courierPlace = z.object({
  _id: z.number().int(),
  remoteId: z.string(),
  remoteName: z.string(),
  remoteWilaya: z.string(),
  /** The store's wilaya (1-58) of the place, when the courier says it. */
  wilayaCode: z.number().int().nullable(),
  hasStopDesk: z.boolean(),
  communeId: z.number().int().nullable(),
  communeName: z.string().nullable(),
  matchedBy: z.enum(['auto', 'manual']).nullable(),
})
export type CourierPlace = z.output<typeof courierPlace>

/** A store commune: what the uncovered list and the commune picker show. */
export const storeCommune = z.object({ id: z.number().int(), name: z.string(), wilayaCode: z.number().int() })

export const courierPlacesReply = z.object({
  places: z.array(courierPlace),
  ...paging,
  /** The store's communes no place of the account is matched onto: parcels cannot go there with it. */
  uncovered: z.array(storeCommune),
})

export const courierPlaceParams = z.object({ id: uuidText, placeId: z.coerce.number().int().min(1) })
/** `PUT /admin/couriers/:id/places/:placeId`: a manual match (null: unmatched by staff, kept across syncs too). */
export const courierPlaceBody = z.object({ communeId: z.number().int().min(1).nullable() })
export const courierPlaceReply = z.object({ place: courierPlace })
