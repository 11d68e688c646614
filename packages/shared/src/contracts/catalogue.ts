import { z } from 'zod'
import { CATEGORY_SORTS, COLLECTION_SORTS, COLOR_NAME_MAX, HEX_COLOR } from '../catalogue.ts'
import { count, pagingQuery, queryBoolean, timestamp } from './http.ts'

/**
 * The catalogue: the storefront's categories, product lists and product page (`/category`, `/product...`),
 * and the back office's categories and products (`/admin/categories`, `/admin/products`, `/admin/variants`).
 * Names come in Arabic and French (`nameAr`, `nameFr`); `name` is the one for the request's language.
 */

// ---------------------------------------------------------------- shared pieces

/** A stored photo as the pages show it: `src` is one width, `srcSet` lists every stored width. */
export const responsiveImage = z.object({ src: z.string(), srcSet: z.string(), width: z.number().int(), height: z.number().int() })
export type ResponsiveImage = z.output<typeof responsiveImage>

const money = count

// ---------------------------------------------------------------- storefront: requests

const priceFilter = z.coerce.number().int().min(0).max(100_000_000).optional()
const searchFilter = z.string().trim().max(100).optional()

/** The catalogue lists' page size (the storefront asks for it; the API's default `limit`). */
export const CATALOGUE_PAGE_SIZE = 12

/** `GET /product`: category (id or slug), price range (`price[gte]`/`price[lte]` or `minPrice`/`maxPrice`), search, sort. */
export const productListQuery = z.object({
  category: z.string().trim().max(100).optional(),
  'price[gte]': priceFilter,
  'price[lte]': priceFilter,
  minPrice: priceFilter,
  maxPrice: priceFilter,
  search: searchFilter,
  sort: z.enum(COLLECTION_SORTS).optional(),
  ...pagingQuery(CATALOGUE_PAGE_SIZE),
})

/** `GET /product/category/:categoryId`. */
export const categoryPageQuery = z.object({
  minPrice: priceFilter,
  maxPrice: priceFilter,
  search: searchFilter,
  sort: z.enum(CATEGORY_SORTS).default('newest'),
  ...pagingQuery(CATALOGUE_PAGE_SIZE),
})

/** `GET /product/latest` and `GET /product/best-sellers`. */
export const shortListQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) })
/** `GET /product/homepage/categories`. */
export const homepageQuery = z.object({ productsPerCategory: z.coerce.number().int().min(1).max(24).default(4) })
/** `GET /product/:id`: an id or a slug. */
export const productKeyParams = z.object({ id: z.string().trim().min(1).max(200) })
/** `GET /product/category/:categoryId`: an id or a slug. */
export const categoryKeyParams = z.object({ categoryId: z.string().trim().min(1).max(200) })

// ---------------------------------------------------------------- storefront: replies

/** An active category (`GET /category`: a tree through `parentId`). */
export const catalogueCategory = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  nameAr: z.string(),
  nameFr: z.string(),
  description: z.string(),
  parentId: z.string().nullable(),
  position: z.number().int(),
})
export type CatalogueCategory = z.output<typeof catalogueCategory>

/** A product as lists show it (home sections, collection, category page, related products). */
export const productSummary = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  nameAr: z.string(),
  nameFr: z.string(),
  price: money,
  /** Only when above `price` (a struck-through former price). */
  compareAtPrice: money.nullable(),
  percentOff: z.number().int(),
  inStock: z.boolean(),
  stock: count,
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  /** Category id. */
  category: z.string(),
  image: responsiveImage.nullable(),
  createdAt: timestamp,
})
export type ProductSummary = z.output<typeof productSummary>

/** A top-level category with its newest products. */
export const homepageCategory = catalogueCategory.extend({ products: z.array(productSummary) })
export type HomepageCategory = z.output<typeof homepageCategory>

export const categoriesReply = z.object({ categories: z.array(catalogueCategory) })
export const homepageCategoriesReply = z.object({ categories: z.array(homepageCategory) })
export const productListReply = z.object({ products: z.array(productSummary) })

/** One page of products. */
export const productPage = z.object({
  products: z.array(productSummary),
  currentPage: count,
  totalPages: count,
  totalProducts: count,
  /** A search counts its matches up to a cap: true when it reached it (the shop has at least totalProducts). */
  totalIsLowerBound: z.boolean().optional(),
})
export type ProductPage = z.output<typeof productPage>
export const categoryProductPage = productPage.extend({ category: catalogueCategory })
export type CategoryProductPage = z.output<typeof categoryProductPage>

export const productVariant = z.object({
  _id: z.string(),
  size: z.string(),
  /** A palette key ('navy') or a name the shop typed ('Moutarde'). */
  color: z.string(),
  /** The swatch of a colour outside the palette ('#d4a017'); absent for a palette colour. */
  colorHex: z.string().optional(),
  stock: count,
})
export type ProductVariant = z.output<typeof productVariant>

/** A product photo; `color` is the variant colour it shows (null: the product in general). */
export const productImage = responsiveImage.extend({ color: z.string().nullable() })
export type ProductImage = z.output<typeof productImage>

/** The product page: the list summary, with its texts, photos, variants and category. */
export const productDetail = productSummary.extend({
  description: z.string(),
  descriptionAr: z.string(),
  descriptionFr: z.string(),
  images: z.array(productImage),
  variants: z.array(productVariant),
  category: z.object({ _id: z.string(), slug: z.string(), name: z.string() }),
})
export type ProductDetail = z.output<typeof productDetail>

/** `GET /product/:id`: the product and related products in stock. */
export const productDetailReply = z.object({ product: productDetail, related: z.array(productSummary) })
export type ProductDetailReply = z.output<typeof productDetailReply>

// ---------------------------------------------------------------- back office: categories

/** `PATCH /admin/categories/:id`, `/admin/products/:id`... */
export const catalogueIdParams = z.object({ id: z.string() })

const categoryFields = {
  nameAr: z.string().trim().min(1).max(100),
  nameFr: z.string().trim().min(1).max(100),
  descriptionAr: z.string().trim().max(2000).optional(),
  descriptionFr: z.string().trim().max(2000).optional(),
  parentId: z.uuid().nullable().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  isActive: z.boolean().optional(),
}
/** `POST /admin/categories` (the slug is generated). */
export const categoryBody = z.object(categoryFields)
/** `PATCH /admin/categories/:id`. */
export const categoryPatchBody = z.object(categoryFields).partial()

/**
 * A category in the back office. `productCount` counts its products and its sub-categories';
 * `ownProductCount` the ones placed in it directly.
 */
export const adminCategory = z.object({
  _id: z.string(),
  slug: z.string(),
  parentId: z.string().nullable(),
  nameAr: z.string(),
  nameFr: z.string(),
  descriptionAr: z.string(),
  descriptionFr: z.string(),
  position: z.number().int(),
  isActive: z.boolean(),
  productCount: count,
  ownProductCount: count,
  childCount: count,
})
export type AdminCategory = z.output<typeof adminCategory>

export const adminCategoriesReply = z.object({ categories: z.array(adminCategory), total: count })
export const adminCategoryReply = z.object({ category: adminCategory })
/** A deletion that went through. */
export const deletedReply = z.object({ deleted: z.literal(true) })

// ---------------------------------------------------------------- back office: products

const productName = z.string().trim().max(200)
const productDescription = z.string().trim().max(5000)
const productPrice = z.number().int().min(1).max(100_000_000)
const stockLevel = z.number().int().min(0).max(1_000_000)

/** A variant as the editor sends it. */
export const variantInput = z.object({
  _id: z.uuid().optional(),
  size: z.string().trim().min(1).max(20),
  color: z.string().trim().min(1).max(COLOR_NAME_MAX, 'validation:color.name'),
  /** The swatch of a colour outside the palette; ignored for a palette colour. */
  colorHex: z.string().trim().regex(HEX_COLOR, 'validation:color.hex').nullable().optional(),
  sku: z.string().trim().max(60).regex(/^[A-Za-z0-9._-]*$/, 'validation:invalid').optional(),
  stock: stockLevel,
  /** The stock the editor loaded: makes the save version-checked (409 STOCK_CONFLICT when it moved). */
  expectedStock: stockLevel.optional(),
})
export type VariantInput = z.input<typeof variantInput>

const productFields = {
  nameAr: productName.optional(),
  nameFr: productName.optional(),
  descriptionAr: productDescription.optional(),
  descriptionFr: productDescription.optional(),
  price: productPrice,
  compareAtPrice: productPrice.nullable().optional(),
  categoryId: z.uuid(),
  isActive: z.boolean().optional(),
}
const hasAName = (p: { nameAr?: string | undefined; nameFr?: string | undefined }) => Boolean(p.nameAr || p.nameFr)

/** `POST /admin/products` (slug and SKUs generated); a name in at least one language. */
export const productBody = z
  .object({ ...productFields, variants: z.array(variantInput.omit({ _id: true, expectedStock: true })).max(200).optional() })
  .refine(hasAName, { message: 'validation:required', path: ['nameFr'] })
export type ProductBody = z.input<typeof productBody>
/** `PATCH /admin/products/:id`. */
export const productPatchBody = z.object(productFields).partial()

/** `PUT /admin/products/:id/variants`: the whole set, as a list or `{ variants }`. */
export const variantsBody = z.union([z.array(variantInput).max(200), z.object({ variants: z.array(variantInput).max(200) })])

/** `PATCH /admin/variants/stock`: all or nothing. */
export const stockBody = z.object({
  items: z
    .array(z.object({ variantId: z.uuid(), stock: stockLevel, expectedStock: stockLevel.optional() }))
    .min(1)
    .max(500),
})
export const stockReply = z.object({ variants: z.array(z.object({ _id: z.string(), stock: count })) })

/** `GET /admin/products`. */
export const adminProductsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.uuid().optional(),
  active: queryBoolean.optional(),
  ...pagingQuery(20),
})

export const productImageParams = z.object({ id: z.string(), imageId: z.string() })
/** `PUT /admin/products/:id/images/order`: every image of the product, the first is the main one. */
export const imageOrderBody = z.object({ imageIds: z.array(z.uuid()).max(50) })
/** `PATCH /admin/products/:id/images/:imageId`: the colour the photo shows (null: every colour). */
export const imageColorBody = z.object({ color: z.string().trim().min(1).max(40).nullable() })

/** A product photo in the back office: where it is stored, its place and colour, and its responsive image. */
export const adminProductImage = responsiveImage.extend({
  _id: z.string(),
  path: z.string(),
  widths: z.array(z.number().int()),
  position: z.number().int(),
  color: z.string().nullable(),
})
export type AdminProductImage = z.output<typeof adminProductImage>
export const adminProductImageReply = z.object({ image: adminProductImage })

const adminProductFields = z.object({
  _id: z.string(),
  slug: z.string(),
  nameAr: z.string(),
  nameFr: z.string(),
  descriptionAr: z.string(),
  descriptionFr: z.string(),
  price: money,
  compareAtPrice: money.nullable(),
  categoryId: z.string(),
  isActive: z.boolean(),
  soldCount: count,
  createdAt: timestamp,
  updatedAt: timestamp,
  stockTotal: count,
})

/** A line of the products table. */
export const adminProductRow = adminProductFields.extend({
  category: z.object({ _id: z.string(), nameAr: z.string(), nameFr: z.string() }),
  variantCount: count,
  /** The first photo. */
  image: adminProductImage.nullable(),
})
export type AdminProductRow = z.output<typeof adminProductRow>

export const adminProductList = z.object({ products: z.array(adminProductRow), currentPage: count, totalPages: count, total: count })
export type AdminProductList = z.output<typeof adminProductList>

export const adminVariant = z.object({
  _id: z.string(),
  size: z.string(),
  color: z.string(),
  colorHex: z.string().nullable(),
  sku: z.string(),
  stock: count,
  /** Orders point at this variant (the product can then only be hidden, not deleted). */
  hasOrders: z.boolean(),
})
export type AdminVariant = z.output<typeof adminVariant>

/** One product in the editor, with its variants (sizes first, in wearing order) and photos. */
export const adminProduct = adminProductFields.extend({ variants: z.array(adminVariant), images: z.array(adminProductImage) })
export type AdminProduct = z.output<typeof adminProduct>
export const adminProductReply = z.object({ product: adminProduct })

/** `DELETE /admin/products/:id`: deleted, or hidden (deactivated) because orders point at it. */
export const productDeletionReply = z.object({ deleted: z.boolean(), deactivated: z.boolean() })
