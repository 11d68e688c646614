import type { ProductImage, ProductVariant } from '@shop/shared'

// Stock is kept per variant (size x colour). The product page lets the shopper pick a colour and a
// size; these functions say what can still be picked and how many of the pick can be bought.

export interface VariantChoice {
  color: string | null
  size: string | null
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}

/** Colours in the order the API sent the variants (sizes are already sorted there). */
export function colorsOf(variants: ProductVariant[]): string[] {
  return unique(variants.map((v) => v.color))
}

export function sizesOf(variants: ProductVariant[]): string[] {
  return unique(variants.map((v) => v.size))
}

/** Units of a size left in the chosen colour, or in every colour when none is chosen yet. */
export function sizeStock(variants: ProductVariant[], size: string, color: string | null): number {
  return variants
    .filter((v) => v.size === size && (color === null || v.color === color))
    .reduce((sum, v) => sum + v.stock, 0)
}

export function colorStock(variants: ProductVariant[], color: string): number {
  return variants.filter((v) => v.color === color).reduce((sum, v) => sum + v.stock, 0)
}

/**
 * What is picked before the shopper touches anything: the first colour in stock (so sizes show what
 * can really be bought, and one tap on a size is enough) and a lone size when it is in stock.
 */
export function initialChoice(variants: ProductVariant[]): VariantChoice {
  const sizes = sizesOf(variants)
  const color = colorsOf(variants).find((c) => colorStock(variants, c) > 0) ?? null
  const size = sizes.length === 1 && sizes[0] !== undefined && sizeStock(variants, sizes[0], color) > 0 ? sizes[0] : null
  return { color, size }
}

/** The variant the choice points at, once both are known (or the product has only one of each). */
export function chosenVariant(variants: ProductVariant[], choice: VariantChoice): ProductVariant | undefined {
  if (choice.color === null || choice.size === null) return undefined
  return variants.find((v) => v.color === choice.color && v.size === choice.size)
}

/** Picking a colour keeps the size only when that size is still available in the new colour. */
export function pickColor(variants: ProductVariant[], choice: VariantChoice, color: string): VariantChoice {
  const keepSize = choice.size !== null && sizeStock(variants, choice.size, color) > 0
  return { color, size: keepSize ? choice.size : null }
}

/**
 * The stepper's upper bound: the chosen variant's stock, and at most the shop's units of one item per
 * order (at least 1 so the control stays readable).
 */
export function maxQuantity(variant: ProductVariant | undefined, lineLimit = Number.POSITIVE_INFINITY): number {
  return variant ? Math.max(1, Math.min(variant.stock, lineLimit)) : 1
}

export function clampQuantity(quantity: number, variant: ProductVariant | undefined, lineLimit = Number.POSITIVE_INFINITY): number {
  return Math.min(Math.max(1, Math.floor(quantity) || 1), maxQuantity(variant, lineLimit))
}

/**
 * The photos in the order the gallery shows them for a colour: that colour's photos first, then those of
 * no colour in particular, then the other colours' (each group in the shop's order).
 */
export function imagesForColor<T extends ProductImage>(images: T[], color: string | null): T[] {
  const wanted = color?.toLowerCase() ?? null
  const rank = (image: T) => {
    const own = image.color ? image.color.toLowerCase() : null
    if (own === null) return 1
    return own === wanted ? 0 : 2
  }
  return images
    .map((image, index) => ({ image, index }))
    .sort((a, b) => rank(a.image) - rank(b.image) || a.index - b.index)
    .map(({ image }) => image)
}
