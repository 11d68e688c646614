import type { ResponsiveImage } from '../../lib/responsive-image.ts'
import type { ProductSummary } from '../catalogue/types.ts'

export interface ProductVariant {
  _id: string
  size: string
  color: string
  stock: number
}

/** GET /product/:id → data.product: the list summary, with its texts, photos, variants and category. */
export interface ProductDetail extends Omit<ProductSummary, 'category' | 'createdAt'> {
  description: string
  descriptionAr: string
  descriptionFr: string
  images: ResponsiveImage[]
  variants: ProductVariant[]
  category: { _id: string; slug: string; name: string }
}
