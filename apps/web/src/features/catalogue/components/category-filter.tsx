import { useLocale } from '@shop/client-kit'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pickLocalized } from '@shop/shared'
import type { CatalogueCategory as Category } from '@shop/shared'

export interface CategoryFilterProps {
  categories: Category[]
  /** Selected category id or slug; undefined for all. */
  value: string | undefined
  onChange: (categoryId: string | undefined) => void
}

/** Top-level categories first, each followed by its sub-categories. */
function ordered(categories: Category[]): { category: Category; depth: number }[] {
  const out: { category: Category; depth: number }[] = []
  const visit = (parentId: string | null, depth: number) => {
    for (const category of categories.filter((c) => c.parentId === parentId)) {
      out.push({ category, depth })
      if (depth < 3) visit(category._id, depth + 1)
    }
  }
  visit(null, 0)
  return out
}

/** Radio list of categories: always shown beside the grid on wide screens, behind a button on phones. */
export function CategoryFilter({ categories, value, onChange }: CategoryFilterProps) {
  const { t } = useTranslation('catalogue')
  const locale = useLocale()
  const [isOpen, setIsOpen] = useState(false)
  const panelId = useId()
  const name = useId()
  const selected = categories.find((c) => c._id === value || c.slug === value)

  return (
    <div>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line px-4 text-sm font-semibold md:hidden"
      >
        {isOpen ? t('filters.hide') : t('filters.show')}
        {selected ? (
          <span className="rounded-sm bg-surface px-2 py-0.5 text-xs">
            {pickLocalized(selected.nameAr, selected.nameFr, locale) || selected.name}
          </span>
        ) : null}
      </button>
      <fieldset id={panelId} className={`${isOpen ? 'block' : 'hidden'} mt-3 md:mt-0 md:block`}>
        <legend className="mb-2 text-sm font-bold">{t('filters.category')}</legend>
        <ul className="flex flex-col">
          {[{ category: undefined, depth: 0 }, ...ordered(categories)].map(({ category, depth }) => {
            const id = category?._id
            const checked = category ? selected?._id === category._id : selected === undefined
            return (
              <li key={id ?? 'all'} style={{ paddingInlineStart: `${depth * 16}px` }}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                  <input
                    type="radio"
                    name={name}
                    value={id ?? ''}
                    checked={checked}
                    onChange={() => {
                      onChange(id)
                      setIsOpen(false)
                    }}
                    className="size-5 accent-brand"
                  />
                  {category ? pickLocalized(category.nameAr, category.nameFr, locale) || category.name : t('filters.all')}
                </label>
              </li>
            )
          })}
        </ul>
      </fieldset>
    </div>
  )
}
