import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { csvDocument } from '../../http/admin-common.ts'
import { allSubscriptions, type ContactMessageRow, setMessageHandled } from './inbox.repo.ts'

export { listContactMessages, listSubscriptions } from './inbox.repo.ts'

/** Every subscription as a CSV document (email, language, day). */
export async function subscriptionsCsv(db: Db): Promise<string> {
  const rows = await allSubscriptions(db)
  return csvDocument([['email', 'language', 'date'], ...rows.map((r) => [r.email, r.locale, r.createdAt.toISOString().slice(0, 10)])])
}

export async function markMessageHandled(db: Db, id: string, handled: boolean): Promise<ContactMessageRow> {
  const row = await setMessageHandled(db, id, handled)
  if (!row) throw new AppError('NOT_FOUND')
  return row
}
