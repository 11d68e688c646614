import type { ResponsiveImage } from '@shop/shared'
import type { ProductSummary } from '../../lib/catalogue-types.ts'

export interface ProductVariant {
  _id: string
  size: string
  /** A palette key ('navy') or a name the shop typed ('Moutarde'). */
  color: string
  /** The swatch of a colour outside the palette ('#d4a017'). */
  colorHex?: string
  stock: number
}

/** A product photo; `color` is the variant colour it shows (null or absent: the product in general). */
export interface ProductImage extends ResponsiveImage {
  color?: string | null
}

/** GET /product/:id → data.product: the list summary, with its texts, photos, variants and category. */
export interface ProductDetail extends Omit<ProductSummary, 'category' | 'createdAt'> {
  description: string
  descriptionAr: string
  descriptionFr: string
  images: ProductImage[]
  variants: ProductVariant[]
  category: { _id: string; slug: string; name: string }
}
