import { isColorKey, sortSizes } from '@shop/shared'
import type { Variant } from './types.ts'

/** One cell of the size × colour grid. */
export interface GridCell {
  _id?: string
  stock: number
  sku: string
}

export interface VariantGrid {
  sizes: string[]
  colors: string[]
  cells: Record<string, GridCell>
  /** The swatch of each colour outside the palette ('Moutarde' → '#d4a017'). */
  hexes?: Record<string, string>
}

export const cellKey = (size: string, color: string) => `${size}|${color}`

export function gridFromVariants(variants: Variant[]): VariantGrid {
  const cells: Record<string, GridCell> = {}
  for (const variant of variants) {
    cells[cellKey(variant.size, variant.color)] = { _id: variant._id, stock: variant.stock, sku: variant.sku ?? '' }
  }
  return {
    sizes: sortSizes([...new Set(variants.map((v) => v.size))]),
    colors: [...new Set(variants.map((v) => v.color))],
    cells,
    hexes: Object.fromEntries(variants.flatMap((v) => (v.colorHex ? [[v.color, v.colorHex]] : []))),
  }
}

/** Every size × colour pair becomes a variant; a cell never typed in is a variant with no stock yet. */
export function variantsFromGrid(grid: VariantGrid): Variant[] {
  return grid.sizes.flatMap((size) =>
    grid.colors.map((color) => {
      const cell = grid.cells[cellKey(size, color)]
      const sku = cell?.sku.trim()
      const colorHex = isColorKey(color) ? undefined : grid.hexes?.[color]
      return { size, color, stock: cell?.stock ?? 0, ...(sku ? { sku } : {}), ...(colorHex ? { colorHex } : {}) }
    }),
  )
}

/**
 * How to save the grid against what the server has: when the same variants remain and only stock moved, the
 * stock changes alone (the bulk stock route); otherwise the whole set of variants is replaced.
 */
export function gridChange(
  grid: VariantGrid,
  saved: Variant[],
): { kind: 'none' } | { kind: 'stock'; items: { variantId: string; stock: number }[] } | { kind: 'replace'; variants: Variant[] } {
  const next = variantsFromGrid(grid)
  const savedByKey = new Map(saved.map((v) => [cellKey(v.size, v.color), v]))
  const sameSet =
    next.length === saved.length &&
    next.every((v) => {
      const old = savedByKey.get(cellKey(v.size, v.color))
      return old?._id !== undefined && (old.sku ?? '') === (v.sku ?? '')
    })
  if (!sameSet) return { kind: 'replace', variants: next }
  const items = next.flatMap((v) => {
    const old = savedByKey.get(cellKey(v.size, v.color))
    return old?._id && old.stock !== v.stock ? [{ variantId: old._id, stock: v.stock }] : []
  })
  return items.length === 0 ? { kind: 'none' } : { kind: 'stock', items }
}

export function totalStock(grid: VariantGrid): number {
  return variantsFromGrid(grid).reduce((sum, v) => sum + v.stock, 0)
}
