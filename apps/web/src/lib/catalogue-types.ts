import type { ResponsiveImage } from '@shop/shared'

/** A product as lists show it (home sections, collection, category page, related products). */
export interface ProductSummary {
  _id: string
  slug: string
  name: string
  nameAr: string
  nameFr: string
  /** Whole dinars. */
  price: number
  compareAtPrice: number | null
  percentOff: number
  inStock: boolean
  stock: number
  sizes: string[]
  colors: string[]
  image: ResponsiveImage | null
  /** Category id. */
  category?: string
  createdAt?: string
}

export interface HomepageCategory {
  _id: string
  slug: string
  name: string
  nameAr: string
  nameFr: string
  description: string
  products: ProductSummary[]
}

/** GET /category: a tree through parentId. */
export interface Category {
  _id: string
  slug: string
  name: string
  nameAr: string
  nameFr: string
  description: string
  parentId: string | null
}

export interface ProductPage {
  products: ProductSummary[]
  currentPage: number
  totalPages: number
  totalProducts: number
}

export interface CategoryProductPage extends ProductPage {
  category: Category
}
