import {
  COURIER_CREDENTIAL_FIELDS,
  COURIER_DEFAULT_BASE_URL,
  type CourierAccount,
  type CourierAccountBody,
  type CourierEngine,
  type Locale,
} from '@shop/shared'
import type { Db } from '../../db/client.ts'
import { AppError, type FieldError } from '../../http/app-error.ts'
import { type Actor, changedFields, writeAudit } from '../audit/audit.service.ts'
import { type CourierAdapter, type CourierConnection, type CourierDirectory, CourierError } from './courier.ts'
import {
  accountsExist,
  clearOtherDefaults,
  countShipmentsOf,
  type CourierAccountListRow,
  type CourierAccountRow,
  deleteCourierAccount,
  findCourierAccount,
  findDefaultAccount,
  findPlaceOfCommune,
  findWilayaChoice,
  insertCourierAccount,
  listCourierAccounts,
  listWilayaChoices,
  setWilayaChoice,
  updateCourierAccount,
} from './courier-accounts.repo.ts'
import { type Secrets, SecretsError } from './secrets.ts'

export type CreateCourierAdapter = (connection: CourierConnection) => CourierAdapter

/** The fields an audit line shows: never the credentials, only that they changed. */
const AUDITED = ['name', 'engine', 'baseUrl', 'senderWilayaCode', 'isDefault', 'active'] as const

function readCredentials(secrets: Secrets, sealed: string): Record<string, string> {
  const value: unknown = JSON.parse(secrets.open(sealed))
  if (typeof value !== 'object' || value === null) return {}
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/** Which credential fields hold a value: the reply says that much, never the values. */
function credentialsSetOf(secrets: Secrets, row: CourierAccountRow): string[] {
  try {
    const credentials = readCredentials(secrets, row.credentials)
    return COURIER_CREDENTIAL_FIELDS[row.engine].filter((field) => Boolean(credentials[field]))
  } catch (error) {
    // sealed with another key (SECRETS_KEY changed): shown as not set, so staff enter them again
    if (error instanceof SecretsError || error instanceof SyntaxError) return []
    throw error
  }
}

function toReply(secrets: Secrets, row: CourierAccountListRow): CourierAccount {
  return {
    _id: row.id,
    name: row.name,
    engine: row.engine,
    baseUrl: row.baseUrl,
    credentialsSet: credentialsSetOf(secrets, row),
    webhookSecretSet: row.webhookSecret !== null,
    senderWilayaCode: row.senderWilayaCode,
    isDefault: row.isDefault,
    active: row.active,
    places: { total: row.placesTotal, matched: row.placesMatched },
    shipments: row.shipments,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function listAccounts(db: Db, secrets: Secrets): Promise<CourierAccount[]> {
  return (await listCourierAccounts(db)).map((row) => toReply(secrets, row))
}

export async function getAccount(db: Db, secrets: Secrets, id: string): Promise<CourierAccount> {
  const [row] = await listCourierAccounts(db, id)
  if (!row) throw new AppError('NOT_FOUND')
  return toReply(secrets, row)
}

/**
 * The columns an account body gives: the engine's host by default, the credentials merged onto those kept
 * (the same engine's; a new engine starts empty) and complete for the engine, sealed.
 */
function accountValues(secrets: Secrets, body: CourierAccountBody, existing: CourierAccountRow | null) {
  const errors: FieldError[] = []
  const engine: CourierEngine = body.engine
  const baseUrl = body.baseUrl ?? (existing?.engine === engine ? existing.baseUrl : COURIER_DEFAULT_BASE_URL[engine])
  if (baseUrl === null) errors.push({ field: 'baseUrl', message: 'validation:courier.baseUrlRequired' })
  const kept = existing && existing.engine === engine ? readCredentialsOrNothing(secrets, existing.credentials) : {}
  const credentials: Record<string, string> = {}
  for (const field of COURIER_CREDENTIAL_FIELDS[engine]) {
    const value = body.credentials?.[field] ?? kept[field]
    if (value) credentials[field] = value
    else errors.push({ field: `credentials.${field}`, message: 'validation:required' })
  }
  if (body.isDefault && !body.active) errors.push({ field: 'active', message: 'validation:courier.defaultInactive' })
  if (errors.length > 0 || baseUrl === null) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors })
  const keptSecret = existing?.webhookSecret ? openOrNull(secrets, existing.webhookSecret) : null
  // the same value sent again is no change (the form may send back what staff typed before)
  const webhookSecretChanged = body.webhookSecret !== undefined && body.webhookSecret !== keptSecret
  const webhookSecret = !webhookSecretChanged
    ? (existing?.webhookSecret ?? null)
    : body.webhookSecret === null || body.webhookSecret === undefined
      ? null
      : secrets.seal(body.webhookSecret)
  const credentialsChanged = COURIER_CREDENTIAL_FIELDS[engine].some((field) => credentials[field] !== kept[field])
  return {
    values: {
      name: body.name,
      engine,
      baseUrl,
      credentials: credentialsChanged || !existing ? secrets.seal(JSON.stringify(credentials)) : existing.credentials,
      webhookSecret,
      senderWilayaCode: body.senderWilayaCode,
      isDefault: body.isDefault,
      active: body.active,
    },
    credentialsChanged,
    webhookSecretChanged,
  }
}

function openOrNull(secrets: Secrets, sealed: string): string | null {
  try {
    return secrets.open(sealed)
  } catch (error) {
    if (error instanceof SecretsError) return null
    throw error
  }
}

function readCredentialsOrNothing(secrets: Secrets, sealed: string): Record<string, string> {
  try {
    return readCredentials(secrets, sealed)
  } catch (error) {
    if (error instanceof SecretsError || error instanceof SyntaxError) return {}
    throw error
  }
}

/** The audit's view of an account: its settings, and only whether secrets changed. */
function audited(values: Pick<CourierAccountRow, (typeof AUDITED)[number]>) {
  return Object.fromEntries(AUDITED.map((key) => [key, values[key]]))
}

export async function createAccount(db: Db, secrets: Secrets, actor: Actor, body: CourierAccountBody): Promise<CourierAccount> {
  const { values } = accountValues(secrets, body, null)
  const id = await db.transaction(async (tx) => {
    const row = await insertCourierAccount(tx, { ...values, isDefault: false })
    // one default: the others lose it in the same transaction
    if (values.isDefault) {
      await clearOtherDefaults(tx, row.id)
      await updateCourierAccount(tx, row.id, { isDefault: true })
    }
    await writeAudit(tx, actor, {
      kind: 'courier',
      action: 'create',
      entity: 'courier_account',
      entityId: row.id,
      label: row.name,
      after: { ...audited(values), credentials: 'set', webhookSecret: values.webhookSecret === null ? null : 'set' },
    })
    return row.id
  })
  return getAccount(db, secrets, id)
}

export async function updateAccount(db: Db, secrets: Secrets, actor: Actor, id: string, body: CourierAccountBody): Promise<CourierAccount> {
  await db.transaction(async (tx) => {
    const existing = await findCourierAccount(tx, id, { lock: true })
    if (!existing) throw new AppError('NOT_FOUND')
    const { values, credentialsChanged, webhookSecretChanged } = accountValues(secrets, body, existing)
    if (values.isDefault) await clearOtherDefaults(tx, id)
    await updateCourierAccount(tx, id, values)
    const change = changedFields(audited(existing), audited(values), AUDITED)
    const before = { ...change?.before }
    const after = { ...change?.after }
    if (credentialsChanged) after.credentials = 'changed'
    if (webhookSecretChanged) after.webhookSecret = values.webhookSecret === null ? null : 'changed'
    if (Object.keys(after).length > 0) {
      await writeAudit(tx, actor, { kind: 'courier', action: 'update', entity: 'courier_account', entityId: id, label: values.name, before, after })
    }
  })
  return getAccount(db, secrets, id)
}

/** An account with parcels stays (their history needs it): deactivate it instead. */
export async function removeAccount(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await findCourierAccount(tx, id, { lock: true })
    if (!existing) throw new AppError('NOT_FOUND')
    if ((await countShipmentsOf(tx, id)) > 0) throw new AppError('COURIER_HAS_SHIPMENTS')
    await deleteCourierAccount(tx, id)
    await writeAudit(tx, actor, { kind: 'courier', action: 'delete', entity: 'courier_account', entityId: id, label: existing.name, before: audited(existing) })
  })
}

// ---------------------------------------------------------------- wilaya choices

export async function getWilayaChoices(db: Db, locale: Locale) {
  const rows = await listWilayaChoices(db)
  return rows.map((r) => ({ wilayaCode: r.code, name: locale === 'ar' ? r.nameAr : r.nameFr, accountId: r.accountId }))
}

export async function setWilayaChoices(db: Db, actor: Actor, choices: { wilayaCode: number; accountId: string | null }[]): Promise<void> {
  const ids = [...new Set(choices.flatMap((c) => (c.accountId === null ? [] : [c.accountId])))]
  await db.transaction(async (tx) => {
    const known = await accountsExist(tx, ids)
    const errors = choices.flatMap((choice, index) =>
      choice.accountId !== null && !known.has(choice.accountId) ? [{ field: `choices.${index}.accountId`, message: 'validation:invalid' }] : [],
    )
    if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors })
    const before: Record<string, unknown> = {}
    const after: Record<string, unknown> = {}
    for (const choice of choices) {
      const was = await findWilayaChoice(tx, choice.wilayaCode)
      if (was === choice.accountId) continue
      before[String(choice.wilayaCode)] = was ?? 'default'
      after[String(choice.wilayaCode)] = choice.accountId ?? 'default'
      await setWilayaChoice(tx, choice.wilayaCode, choice.accountId)
    }
    if (Object.keys(after).length > 0) {
      await writeAudit(tx, actor, { kind: 'courier', action: 'update', entity: 'courier_wilaya_choice', before, after })
    }
  })
}

// ---------------------------------------------------------------- the directory shipping reads

function refOf(row: CourierAccountRow) {
  return { id: row.id, name: row.name, engine: row.engine, senderWilayaCode: row.senderWilayaCode }
}

/**
 * The shop's couriers as shipping sees them (app.couriers): a wilaya's chosen account when it is active, else the
 * default active one; an account's adapter built from its decrypted credentials; its webhook secret; its place
 * matched to a commune.
 */
export function createCourierDirectory(db: Db, deps: { secrets: Secrets; createAdapter: CreateCourierAdapter }): CourierDirectory {
  const { secrets, createAdapter } = deps
  return {
    async accountFor(wilayaCode58) {
      const chosenId = await findWilayaChoice(db, wilayaCode58)
      const chosen = chosenId === null ? null : await findCourierAccount(db, chosenId)
      if (chosen?.active) return refOf(chosen)
      const fallback = await findDefaultAccount(db)
      return fallback ? refOf(fallback) : null
    },
    async account(accountId) {
      const row = await findCourierAccount(db, accountId)
      return row ? refOf(row) : null
    },
    async adapter(accountId) {
      const row = await findCourierAccount(db, accountId)
      if (!row) throw new CourierError('unauthorized', 'No such courier account')
      return createAdapter({ engine: row.engine, baseUrl: row.baseUrl, credentials: readCredentials(secrets, row.credentials) })
    },
    async webhookSecret(accountId) {
      const row = await findCourierAccount(db, accountId)
      return row?.webhookSecret ? secrets.open(row.webhookSecret) : null
    },
    async place(accountId, communeId) {
      const row = await findPlaceOfCommune(db, accountId, communeId)
      if (!row) return null
      return { remoteId: row.remoteId, remoteName: row.remoteName, remoteWilaya: row.remoteWilaya, remoteParentId: row.remoteParentId, stopDeskId: row.stopDeskId }
    },
  }
}
