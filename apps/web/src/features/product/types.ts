import type { ResponsiveImage } from '../../lib/responsive-image.ts'

export interface ProductVariant {
  _id: string
  size: string
  color: string
  stock: number
}

/** GET /product/:id → data.product. Related products are passed through untyped here: lists render them. */
export interface ProductDetail {
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
  description: string
  descriptionAr: string
  descriptionFr: string
  images: ResponsiveImage[]
  variants: ProductVariant[]
  category: { _id: string; slug: string; name: string }
}
