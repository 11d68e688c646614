import { asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { categories, products } from '../../db/schema.ts'

// A sitemap file holds at most 50,000 URLs; past that the newest products are listed.
const MAX_PRODUCTS = 49_000

export async function listSitemapEntries(db: Db) {
  const [categoryRows, productRows] = await Promise.all([
    db
      .select({ id: categories.id, updatedAt: categories.updatedAt })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(MAX_PRODUCTS),
  ])
  const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))
  return {
    categories: categoryRows.map((row) => ({ id: row.id, updatedAt: asDate(row.updatedAt) })),
    products: productRows.map((row) => ({ id: row.id, updatedAt: asDate(row.updatedAt) })),
  }
}
