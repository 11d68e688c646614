import { asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { categories, products } from '../../db/schema.ts'

export type CategoryRow = typeof categories.$inferSelect
export type CategoryValues = Omit<typeof categories.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>

export async function findCategory(db: Db, id: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1)
  return row ?? null
}

/** Every category, in the database's order (the tree is small: tens of rows). */
export async function allCategories(db: Db): Promise<CategoryRow[]> {
  return db.select().from(categories)
}

/** Every category in display order. */
export async function listCategoriesInOrder(db: Db): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.nameFr))
}

/** How many products each category holds directly. */
export async function productCountsByCategory(db: Db): Promise<{ id: string; n: number }[]> {
  return db.select({ id: products.categoryId, n: count() }).from(products).groupBy(products.categoryId)
}

export async function insertCategory(db: Db, values: CategoryValues): Promise<{ id: string } | null> {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id })
  return row ?? null
}

export async function updateCategory(db: Db, id: string, values: Partial<CategoryValues>): Promise<void> {
  await db.update(categories).set({ ...values, updatedAt: sql`now()` }).where(eq(categories.id, id))
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id))
}
