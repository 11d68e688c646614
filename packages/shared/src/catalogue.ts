import type { Locale } from './locale.ts'

// Catalogue vocabulary shared by the API, the storefront and the back office: colours and sizes.
// Variants store the colour key ('navy') and the size label ('42', 'XL'); names come from here.

/**
 * A variant with this many units or fewer is low on stock: the product page's "only N left" badge, the back
 * office's low-stock list, and the database's `low_stock_line()` (migration 0029, which keeps that list; a test
 * of the API checks the two agree).
 */
export const LOW_STOCK_LINE = 5

export const COLORS = [
  { key: 'black', hex: '#1f1f1f', names: { ar: 'أسود', fr: 'Noir', en: 'Black' } },
  { key: 'white', hex: '#f5f3ee', names: { ar: 'أبيض', fr: 'Blanc', en: 'White' } },
  { key: 'beige', hex: '#d8c3a0', names: { ar: 'بيج', fr: 'Beige', en: 'Beige' } },
  { key: 'camel', hex: '#b07d4f', names: { ar: 'جملي', fr: 'Camel', en: 'Camel' } },
  { key: 'brown', hex: '#5e3a22', names: { ar: 'بني', fr: 'Marron', en: 'Brown' } },
  { key: 'navy', hex: '#1f2a44', names: { ar: 'كحلي', fr: 'Bleu marine', en: 'Navy' } },
  { key: 'blue', hex: '#3c6fa8', names: { ar: 'أزرق', fr: 'Bleu', en: 'Blue' } },
  { key: 'grey', hex: '#8b8e93', names: { ar: 'رمادي', fr: 'Gris', en: 'Grey' } },
  { key: 'olive', hex: '#646b3c', names: { ar: 'زيتي', fr: 'Olive', en: 'Olive' } },
  { key: 'burgundy', hex: '#6e1d2c', names: { ar: 'عنابي', fr: 'Bordeaux', en: 'Burgundy' } },
  { key: 'red', hex: '#c0392b', names: { ar: 'أحمر', fr: 'Rouge', en: 'Red' } },
  { key: 'pink', hex: '#e7a9b6', names: { ar: 'وردي', fr: 'Rose', en: 'Pink' } },
] as const satisfies readonly { key: string; hex: string; names: Record<Locale, string> }[]

export type ColorKey = (typeof COLORS)[number]['key']
export type CatalogueColor = (typeof COLORS)[number]

const COLOR_BY_KEY: ReadonlyMap<string, CatalogueColor> = new Map(COLORS.map((c) => [c.key, c]))

export function isColorKey(key: string): key is ColorKey {
  return COLOR_BY_KEY.has(key)
}

/** The colour's entry, or undefined for a key that is not in the palette. */
export function findColor(key: string): CatalogueColor | undefined {
  return COLOR_BY_KEY.get(key)
}

/** 'navy' → 'كحلي' / 'Bleu marine' / 'Navy'; an unknown key is returned as is. */
export function colorName(key: string, locale: Locale): string {
  return COLOR_BY_KEY.get(key)?.names[locale] ?? key
}

/**
 * The colour's swatch: the hex stored with a custom colour ('Moutarde' + '#d4a017'), else the palette's,
 * else a neutral grey for an unknown name.
 */
export function colorHex(key: string, custom?: string | null): string {
  if (custom && HEX_COLOR.test(custom)) return custom.toLowerCase()
  return COLOR_BY_KEY.get(key)?.hex ?? '#9e9e9e'
}

/** A swatch colour as the browser's colour picker gives it: '#d4a017'. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/
/** A colour's name: a palette key ('navy') or any name the shop types ('Moutarde', 'خردلي'). */
export const COLOR_NAME_MAX = 40

/**
 * The colour rule shared by the API and the back office. The 12 palette colours are suggestions with their
 * own names and swatches; any other name is allowed with a swatch colour. Returns a message key, or null.
 */
export function colorError(color: string, hex: string | null | undefined): string | null {
  const name = color.trim()
  if (!name) return 'validation:required'
  if (name.length > COLOR_NAME_MAX) return 'validation:color.name'
  if (hex !== null && hex !== undefined && hex !== '' && !HEX_COLOR.test(hex)) return 'validation:color.hex'
  if (!isColorKey(name) && !hex) return 'validation:color.hexRequired'
  return null
}

/** Sorts of the collection page (`GET /product`): relevance is the default when searching. */
export const COLLECTION_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const
/** Sorts of a category page (`GET /product/category/:categoryId`). */
export const CATEGORY_SORTS = ['newest', 'oldest', 'price_asc', 'price_desc', 'name_asc', 'name_desc'] as const
export type CollectionSort = (typeof COLLECTION_SORTS)[number]
export type CategorySort = (typeof CATEGORY_SORTS)[number]

/** The shortest product name accepted (in each language that has one): "A" is not a product name. */
export const PRODUCT_NAME_MIN = 3

/** EU shoe sizes sold by the shop. */
export const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'] as const
/** Clothing sizes sold by the shop. */
export const CLOTHING_SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const

export type ShoeSize = (typeof SHOE_SIZES)[number]
export type ClothingSize = (typeof CLOTHING_SIZES)[number]

// Letter sizes in wearing order, a little wider than CLOTHING_SIZES so that hand-entered sizes still sort well.
const LETTER_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL']

function sizeRank(size: string): [group: number, rank: number] {
  const trimmed = size.trim()
  if (/^\d+(?:[.,]\d+)?$/.test(trimmed)) return [0, Number(trimmed.replace(',', '.'))]
  const letter = LETTER_ORDER.indexOf(trimmed.toUpperCase())
  if (letter >= 0) return [1, letter]
  return [2, 0]
}

/**
 * ['42', '39', '41'] → ['39', '41', '42']; ['XL', 'S', 'M'] → ['S', 'M', 'XL'].
 * Numbers come first, then letter sizes, then anything else alphabetically. Returns a new array.
 */
export function sortSizes(sizes: readonly string[]): string[] {
  return [...sizes].sort((a, b) => {
    const [ga, ra] = sizeRank(a)
    const [gb, rb] = sizeRank(b)
    if (ga !== gb) return ga - gb
    if (ra !== rb) return ra - rb
    return a.localeCompare(b)
  })
}
