import { asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { contactMessages, newsletterSubscriptions } from '../../db/schema.ts'

export type ContactMessageRow = typeof contactMessages.$inferSelect
export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect

/** One page of subscriptions, newest first, and how many there are. */
export async function listSubscriptions(db: Db, page: number, limit: number): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(newsletterSubscriptions).orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(newsletterSubscriptions),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** Every subscription, oldest first (the CSV export). */
export async function allSubscriptions(db: Db): Promise<SubscriptionRow[]> {
  return db.select().from(newsletterSubscriptions).orderBy(asc(newsletterSubscriptions.createdAt))
}

/** One page of contact messages, newest first, optionally only handled or only open ones. */
export async function listContactMessages(
  db: Db,
  filter: { handled?: boolean | undefined; page: number; limit: number },
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const { handled, page, limit } = filter
  const where = handled === undefined ? undefined : handled ? isNotNull(contactMessages.handledAt) : isNull(contactMessages.handledAt)
  const [rows, [total]] = await Promise.all([
    db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(contactMessages).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function setMessageHandled(db: Db, id: string, handled: boolean): Promise<ContactMessageRow | null> {
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt: handled ? sql`now()` : null })
    .where(eq(contactMessages.id, id))
    .returning()
  return row ?? null
}

/** A subscription; an address already subscribed is left as it is. */
export async function addSubscription(db: Db, email: string, locale: SubscriptionRow['locale']): Promise<void> {
  await db.insert(newsletterSubscriptions).values({ email, locale }).onConflictDoNothing()
}

export async function insertContactMessage(db: Db, message: { name: string; email: string; subject: string; message: string }): Promise<void> {
  await db.insert(contactMessages).values(message)
}
