import type { CategoryPageFilters, CollectionFilters } from '../catalogue-filters.ts'

// Names are picked from nameAr / nameFr on the client, so replies are shared by every language.
export const catalogueKeys = {
  all: ['catalogue'] as const,
  homepage: (productsPerCategory: number) => [...catalogueKeys.all, 'homepage', productsPerCategory] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  collection: (filters: CollectionFilters) => [...catalogueKeys.all, 'collection', filters] as const,
  category: (categoryId: string, filters: CategoryPageFilters) =>
    [...catalogueKeys.all, 'category', categoryId, filters] as const,
  shortList: (kind: 'latest' | 'best-sellers', limit: number) => [...catalogueKeys.all, kind, limit] as const,
}
