import type { Db } from '../../db/client.ts'
import { mapConstraint } from '../../http/admin-common.ts'
import { AppError } from '../../http/app-error.ts'
import { categories } from '../../db/schema.ts'
import { subtreeIds } from './catalogue.repo.ts'
import {
  allCategories,
  type CategoryRow,
  type CategoryValues,
  deleteCategory,
  findCategory,
  insertCategory,
  listCategoriesInOrder,
  productCountsByCategory,
  updateCategory,
} from './categories.admin-repo.ts'
import { freeSlug } from './products.admin-service.ts'

/**
 * `productCount` counts the category's products and its sub-categories' (a parent category holds no product
 * itself in most shops: counting its own alone showed 0); `ownProductCount` counts the ones placed in it directly.
 */
function categoryReply(row: CategoryRow, productCount: number, childCount: number, ownProductCount: number) {
  return {
    _id: row.id,
    slug: row.slug,
    parentId: row.parentId,
    nameAr: row.nameAr,
    nameFr: row.nameFr,
    descriptionAr: row.descriptionAr,
    descriptionFr: row.descriptionFr,
    position: row.position,
    isActive: row.isActive,
    productCount,
    ownProductCount,
    childCount,
  }
}
export type AdminCategory = ReturnType<typeof categoryReply>

/** Each category with its own products, its subtree's products and its direct children, in the rows' order. */
function withCounts(rows: CategoryRow[], productCounts: { id: string; n: number }[]) {
  const own = new Map(productCounts.map((r) => [r.id, Number(r.n)]))
  return rows.map((row) => {
    const total = subtreeIds(rows, row.id).reduce((sum, id) => sum + (own.get(id) ?? 0), 0)
    return categoryReply(row, total, rows.filter((c) => c.parentId === row.id).length, own.get(row.id) ?? 0)
  })
}

/** One category with its counts; CATEGORY_NOT_FOUND when there is none. */
export async function getAdminCategory(db: Db, id: string): Promise<AdminCategory> {
  const row = await findCategory(db, id)
  if (!row) throw new AppError('CATEGORY_NOT_FOUND')
  const [all, productCounts] = await Promise.all([allCategories(db), productCountsByCategory(db)])
  return withCounts(all, productCounts).find((c) => c._id === id) ?? categoryReply(row, 0, 0, 0)
}

/** The whole tree in display order, with counts. */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const [rows, productCounts] = await Promise.all([listCategoriesInOrder(db), productCountsByCategory(db)])
  return withCounts(rows, productCounts)
}

export async function createCategory(db: Db, body: Omit<CategoryValues, 'slug'>): Promise<AdminCategory> {
  if (body.parentId) await getAdminCategory(db, body.parentId)
  const slug = await freeSlug(db, categories, body.nameFr)
  const row = await mapConstraint(() => insertCategory(db, { ...body, slug, parentId: body.parentId ?? null }), {
    categories_slug_unique: new AppError('CONFLICT'),
  })
  if (!row) throw new Error('category insert returned nothing')
  return getAdminCategory(db, row.id)
}

export async function changeCategory(db: Db, id: string, body: Partial<Omit<CategoryValues, 'slug'>>): Promise<AdminCategory> {
  await getAdminCategory(db, id)
  const { parentId } = body
  if (parentId) {
    // a category cannot move under itself or under one of its own sub-categories
    const all = await allCategories(db)
    if (subtreeIds(all, id).includes(parentId)) {
      throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'parentId', message: 'validation:invalid' }] })
    }
    await getAdminCategory(db, parentId)
  }
  const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))
  await updateCategory(db, id, values)
  return getAdminCategory(db, id)
}

/** Deletes an empty category; one with products or sub-categories is CATEGORY_IN_USE. */
export async function removeCategory(db: Db, id: string): Promise<void> {
  const category = await getAdminCategory(db, id)
  if (category.productCount > 0 || category.childCount > 0) throw new AppError('CATEGORY_IN_USE')
  // the foreign keys are ON DELETE RESTRICT: a product added meanwhile makes this fail instead of orphaning it
  await mapConstraint(() => deleteCategory(db, id), {
    products_category_id_categories_id_fk: new AppError('CATEGORY_IN_USE'),
    categories_parent_id_categories_id_fk: new AppError('CATEGORY_IN_USE'),
  })
}
