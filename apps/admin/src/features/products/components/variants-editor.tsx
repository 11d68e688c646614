import { useLocale } from '@shop/client-kit'
import { CLOTHING_SIZES, COLOR_NAME_MAX, COLORS, colorHex, colorName, isColorKey, SHOE_SIZES, sortSizes } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { inputClass, labelClass } from '../../../components/ui/field-classes.ts'
import { cardTableClasses as c } from '../../../components/ui/table-classes.ts'
import { isolate } from '../../../lib/bidi.ts'
import { cellKey, totalStock, type VariantGrid } from '../variant-grid.ts'

export interface VariantsEditorProps {
  grid: VariantGrid
  onChange: (grid: VariantGrid) => void
}

/** Sizes and colours chosen above, then one stock (and optional SKU) per size × colour. */
export function VariantsEditor({ grid, onChange }: VariantsEditorProps) {
  const { t } = useTranslation('products')
  const locale = useLocale()
  const [newSize, setNewSize] = useState('')
  const [bulk, setBulk] = useState('')
  const [customName, setCustomName] = useState('')
  const [customHex, setCustomHex] = useState('#808080')
  const [customError, setCustomError] = useState('')
  const swatch = (color: string) => colorHex(color, grid.hexes?.[color])
  const customColors = grid.colors.filter((color) => !isColorKey(color))
  const addCustomColor = () => {
    const name = customName.trim().replace(/\s+/g, ' ')
    if (!name) return setCustomError(t('variants.customNameRequired'))
    const known = COLORS.find((c) => Object.values(c.names).some((n) => n.toLowerCase() === name.toLowerCase()))
    const color = known ? known.key : name
    if (grid.colors.some((c) => c.toLowerCase() === color.toLowerCase())) return setCustomError(t('variants.customExists'))
    setCustomError('')
    setCustomName('')
    onChange({
      ...grid,
      colors: [...grid.colors, color],
      hexes: known ? grid.hexes : { ...grid.hexes, [color]: customHex.toLowerCase() },
    })
  }

  const addSizes = (sizes: readonly string[]) =>
    onChange({ ...grid, sizes: sortSizes([...new Set([...grid.sizes, ...sizes.map((s) => s.trim()).filter(Boolean)])]) })
  const removeSize = (size: string) => onChange({ ...grid, sizes: grid.sizes.filter((s) => s !== size) })
  const toggleColor = (color: string) =>
    onChange({
      ...grid,
      colors: grid.colors.includes(color) ? grid.colors.filter((c2) => c2 !== color) : [...grid.colors, color],
    })
  const setCell = (size: string, color: string, patch: Partial<{ stock: number; sku: string }>) => {
    const key = cellKey(size, color)
    const cell = grid.cells[key] ?? { stock: 0, sku: '' }
    onChange({ ...grid, cells: { ...grid.cells, [key]: { ...cell, ...patch } } })
  }
  const setAllStock = (stock: number) => {
    const cells = { ...grid.cells }
    for (const size of grid.sizes) {
      for (const color of grid.colors) {
        const key = cellKey(size, color)
        cells[key] = { ...(cells[key] ?? { sku: '' }), stock }
      }
    }
    onChange({ ...grid, cells })
  }

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className={`${labelClass} mb-1`}>{t('variants.sizes')}</legend>
        <div className="flex flex-wrap gap-2">
          {grid.sizes.map((size) => (
            <button
              key={size}
              type="button"
              onClick={() => removeSize(size)}
              aria-label={t('variants.removeSize', { size: isolate(size) })}
              className="inline-flex min-h-9 items-center gap-1 rounded-full border border-ink/20 bg-white px-3 text-sm font-semibold hover:border-danger"
            >
              <bdi>{size}</bdi> <span aria-hidden="true">×</span>
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="new-size" className="text-xs text-muted">
              {t('variants.newSize')}
            </label>
            <input
              id="new-size"
              value={newSize}
              onChange={(event) => setNewSize(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault()
                  addSizes([newSize])
                  setNewSize('')
                }
              }}
              className={`${inputClass} w-28`}
            />
          </div>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => {
              addSizes([newSize])
              setNewSize('')
            }}
          >
            {t('variants.addSize')}
          </button>
          <button type="button" className={buttonClass('ghost')} onClick={() => addSizes(SHOE_SIZES)}>
            {t('variants.shoeSizes')}
          </button>
          <button type="button" className={buttonClass('ghost')} onClick={() => addSizes(CLOTHING_SIZES)}>
            {t('variants.clothingSizes')}
          </button>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className={`${labelClass} mb-2`}>{t('variants.colors')}</legend>
        {customColors.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {customColors.map((color) => (
              <button
                key={color}
                type="button"
                onClick={() => toggleColor(color)}
                aria-label={t('variants.removeColor', { color })}
                className="inline-flex min-h-9 items-center gap-2 rounded-full border border-brand bg-brand-soft px-3 text-sm font-semibold hover:border-danger"
              >
                <span className="size-3 rounded-full border border-ink/20" style={{ backgroundColor: swatch(color) }} aria-hidden="true" />
                <bdi>{color}</bdi> <span aria-hidden="true">×</span>
              </button>
            ))}
          </div>
        ) : null}
        <p className="text-xs text-muted">{t('variants.suggestions')}</p>
        <div className="flex flex-wrap gap-2">
          {COLORS.map((color) => (
            <label
              key={color.key}
              className="flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-ink/20 bg-white px-3 text-sm has-checked:border-brand has-checked:bg-brand-soft has-checked:font-semibold"
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={grid.colors.includes(color.key)}
                onChange={() => toggleColor(color.key)}
              />
              <span className="size-3 rounded-full border border-ink/20" style={{ backgroundColor: color.hex }} aria-hidden="true" />
              {color.names[locale]}
            </label>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="custom-color-name" className="text-xs text-muted">
              {t('variants.customName')}
            </label>
            <input
              id="custom-color-name"
              value={customName}
              maxLength={COLOR_NAME_MAX}
              onChange={(event) => setCustomName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault()
                  addCustomColor()
                }
              }}
              aria-invalid={customError ? true : undefined}
              aria-describedby={customError ? 'custom-color-error' : undefined}
              className={`${inputClass} w-44`}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="custom-color-hex" className="text-xs text-muted">
              {t('variants.customSwatch')}
            </label>
            <input
              id="custom-color-hex"
              type="color"
              value={customHex}
              onChange={(event) => setCustomHex(event.target.value)}
              className="h-11 w-16 cursor-pointer rounded-md border border-line bg-white p-1 lg:h-9"
            />
          </div>
          <button type="button" className={buttonClass('secondary')} onClick={addCustomColor}>
            {t('variants.addColor')}
          </button>
        </div>
        {customError ? (
          <p id="custom-color-error" role="alert" className="text-sm text-danger">
            {customError}
          </p>
        ) : null}
      </fieldset>
      {grid.sizes.length > 0 && grid.colors.length > 0 ? (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor="bulk-stock" className="text-xs text-muted">
                {t('variants.bulkStock')}
              </label>
              <input
                id="bulk-stock"
                type="number"
                inputMode="numeric"
                min={0}
                value={bulk}
                onChange={(event) => setBulk(event.target.value)}
                className={`${inputClass} w-28`}
              />
            </div>
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={bulk === '' || Number(bulk) < 0}
              onClick={() => setAllStock(Math.max(0, Math.trunc(Number(bulk))))}
            >
              {t('variants.applyToAll')}
            </button>
            <p className="ms-auto text-sm text-muted">{t('variants.total', { count: totalStock(grid) })}</p>
          </div>
          <div className={c.box}>
            <table className={c.table} aria-label={t('variants.gridLabel')}>
              <thead className={c.thead}>
                <tr>
                  <th scope="col" className={c.th}>
                    {t('variants.size')}
                  </th>
                  {grid.colors.map((color) => (
                    <th key={color} scope="col" className={c.th}>
                      <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
                        <span className="size-3 rounded-full border border-ink/20" style={{ backgroundColor: swatch(color) }} aria-hidden="true" />
                        <bdi>{colorName(color, locale)}</bdi>
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={c.tbody}>
                {grid.sizes.map((size) => (
                  <tr key={size} className={c.tr}>
                    <th scope="row" className={`${c.td} ${c.full} font-semibold`}>
                      <bdi>{size}</bdi>
                    </th>
                    {grid.colors.map((color) => {
                      const cell = grid.cells[cellKey(size, color)]
                      const name = `${isolate(size)} · ${isolate(colorName(color, locale))}`
                      return (
                        <td key={color} className={`${c.td} max-md:min-w-28 max-md:flex-1 md:min-w-36`}>
                          <span aria-hidden="true" className="mb-1 flex items-center gap-1.5 text-xs text-muted md:hidden">
                            <span className="size-3 rounded-full border border-ink/20" style={{ backgroundColor: swatch(color) }} />
                            {colorName(color, locale)}
                          </span>
                          <div className="flex flex-col gap-1">
                            <input
                              type="number"
                              inputMode="numeric"
                              min={0}
                              aria-label={t('variants.stockOf', { name })}
                              value={cell?.stock ?? 0}
                              onChange={(event) => setCell(size, color, { stock: Math.max(0, Math.trunc(Number(event.target.value) || 0)) })}
                              className={`${inputClass} w-full md:w-24`}
                            />
                            <input
                              dir="ltr"
                              aria-label={t('variants.skuOf', { name })}
                              placeholder={t('variants.sku')}
                              value={cell?.sku ?? ''}
                              onChange={(event) => setCell(size, color, { sku: event.target.value })}
                              className={`${inputClass} w-full text-xs md:w-32`}
                            />
                          </div>
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="text-sm text-muted">{t('variants.pickBoth')}</p>
      )}
    </div>
  )
}
