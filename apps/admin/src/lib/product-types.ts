/** An image as the API returns it: a responsive image with its id, or just a URL. */
export interface ProductImage {
  _id: string
  src: string
  srcSet?: string
  width?: number
  height?: number
  /** The variant colour the photo shows (the storefront puts it first for that colour); null: any colour. */
  color?: string | null
}

export interface ProductRow {
  _id: string
  slug?: string
  nameAr: string
  nameFr: string
  price: number
  compareAtPrice: number | null
  isActive: boolean
  stockTotal: number
  categoryId?: string | null
  category?: { _id: string; nameAr?: string; nameFr?: string; name?: string } | string | null
  image?: { src: string } | string | null
}

export interface ProductList {
  products: ProductRow[]
  currentPage: number
  totalPages: number
  total: number
}

export interface Variant {
  _id?: string
  size: string
  /** A palette key ('navy') or a name the shop typed ('Moutarde'). */
  color: string
  /** The swatch of a colour outside the palette. */
  colorHex?: string | null
  sku?: string
  stock: number
  /** Orders point at this variant (the product can then only be hidden, not deleted). */
  hasOrders?: boolean
  /** Sent when saving: the stock the grid was loaded with (the server refuses a stale change). */
  expectedStock?: number
}

export interface ProductDetail extends ProductRow {
  descriptionAr: string
  descriptionFr: string
  variants: Variant[]
  images: ProductImage[]
}

/** `POST /admin/products` and `PATCH /admin/products/:id`. */
export interface ProductBody {
  nameAr: string
  nameFr: string
  descriptionAr: string
  descriptionFr: string
  price: number
  compareAtPrice: number | null
  categoryId: string
  isActive: boolean
  variants?: Variant[]
}

export interface Category {
  _id: string
  parentId: string | null
  slug?: string
  nameAr: string
  nameFr: string
  position?: number
  isActive?: boolean
}
