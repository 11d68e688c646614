import { isColorKey, sortSizes } from '@shop/shared'
import type { VariantInput as Variant } from '@shop/shared'

/** One cell of the size × colour grid. */
export interface GridCell {
  _id?: string
  stock: number
  sku: string
  /** The stock the server had when the grid was loaded: sent as `expectedStock`, so a stale save is refused. */
  loadedStock?: number
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
    cells[cellKey(variant.size, variant.color)] = {
      _id: variant._id,
      stock: variant.stock,
      sku: variant.sku ?? '',
      loadedStock: variant.stock,
    }
  }
  return {
    sizes: sortSizes([...new Set(variants.map((v) => v.size))]),
    colors: [...new Set(variants.map((v) => v.color))],
    cells,
    hexes: Object.fromEntries(variants.flatMap((v) => (v.colorHex ? [[v.color, v.colorHex]] : []))),
  }
}

/**
 * Every size × colour pair becomes a variant; a cell never typed in is a variant with no stock yet. A cell
 * loaded from the server carries the stock it was loaded with (`expectedStock`): the server keeps its current
 * stock when the cell was not changed (sales made meanwhile stay sold) and refuses a changed cell whose stock
 * moved since (409 STOCK_CONFLICT).
 */
export function variantsFromGrid(grid: VariantGrid): Variant[] {
  return grid.sizes.flatMap((size) =>
    grid.colors.map((color) => {
      const cell = grid.cells[cellKey(size, color)]
      const sku = cell?.sku.trim()
      const colorHex = isColorKey(color) ? undefined : grid.hexes?.[color]
      const expected = cell?._id !== undefined && cell.loadedStock !== undefined ? { expectedStock: cell.loadedStock } : {}
      return { size, color, stock: cell?.stock ?? 0, ...(sku ? { sku } : {}), ...(colorHex ? { colorHex } : {}), ...expected }
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
): { kind: 'none' } | { kind: 'stock'; items: StockItem[] } | { kind: 'replace'; variants: Variant[] } {
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
    const expectedStock = v.expectedStock ?? old?.stock ?? 0
    return old?._id && expectedStock !== v.stock ? [{ variantId: old._id, stock: v.stock, expectedStock }] : []
  })
  return items.length === 0 ? { kind: 'none' } : { kind: 'stock', items }
}

/** One change of the bulk stock route: the new stock and the stock the grid was loaded with. */
export interface StockItem {
  variantId: string
  stock: number
  expectedStock: number
}

/** A variant whose stock moved while the grid was open (the `data.variants` of a 409 STOCK_CONFLICT). */
export interface StockConflict {
  _id: string
  size: string
  color: string
  expectedStock: number
  stock: number
}

/** The conflicts of a STOCK_CONFLICT refusal's data, or [] for anything else. */
export function stockConflicts(data: unknown): StockConflict[] {
  if (typeof data !== 'object' || data === null || !('variants' in data) || !Array.isArray(data.variants)) return []
  return data.variants.filter(
    (v): v is StockConflict =>
      typeof v === 'object' && v !== null && typeof v._id === 'string' && typeof v.stock === 'number' && typeof v.expectedStock === 'number',
  )
}

/**
 * Takes the server's fresh stock into the grid for the conflicting cells: `fresh` also shows it in the cell
 * (the typed value is dropped), `mine` keeps the typed value, to be saved over the fresh stock knowingly.
 * Every other cell keeps what was typed.
 */
export function applyStockConflicts(grid: VariantGrid, conflicts: StockConflict[], mode: 'fresh' | 'mine'): VariantGrid {
  const cells = { ...grid.cells }
  for (const conflict of conflicts) {
    const key = Object.keys(cells).find((k) => cells[k]?._id === conflict._id) ?? cellKey(conflict.size, conflict.color)
    const cell = cells[key]
    if (!cell) continue
    cells[key] = { ...cell, loadedStock: conflict.stock, stock: mode === 'fresh' ? conflict.stock : cell.stock }
  }
  return { ...grid, cells }
}

export function totalStock(grid: VariantGrid): number {
  return variantsFromGrid(grid).reduce((sum, v) => sum + v.stock, 0)
}
