import type { ResponsiveImage } from '../../lib/responsive-image.ts'

/** A product as lists show it (GET /product/homepage/categories and, later, the collection pages). */
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
