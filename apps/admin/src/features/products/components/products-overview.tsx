import { useLocale } from '@shop/client-kit'
import { formatPrice, pickLocalized } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { inputClass, labelClass } from '../../../components/ui/field-classes.ts'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { tableClasses as c } from '../../../components/ui/table-classes.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useCategories, useProducts } from '../api/use-products.ts'

const FILTERS = ['search', 'category', 'active'] as const

/** The list request: only known filters, then the page. */
export function productsQuery(search: URLSearchParams): string {
  const query = new URLSearchParams()
  for (const key of FILTERS) {
    const value = search.get(key)?.trim()
    if (value) query.set(key, value)
  }
  const page = Number(search.get('page'))
  query.set('page', String(Number.isInteger(page) && page > 1 ? page : 1))
  query.set('limit', '50')
  return query.toString()
}

export function ProductsOverview() {
  const { t } = useTranslation(['products', 'common'])
  const locale = useLocale()
  const [search, setSearch] = useSearchParams()
  const products = useProducts(productsQuery(search))
  const categories = useCategories()
  const errorMessage = useErrorMessage(products.error)
  const [text, setText] = useState(search.get('search') ?? '')

  const setFilter = (key: (typeof FILTERS)[number], value: string) => {
    const next = new URLSearchParams(search)
    if (value) next.set(key, value)
    else next.delete(key)
    next.delete('page')
    setSearch(next)
  }
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFilter('search', text.trim())
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{t('list.title')}</h1>
        <Link to="/products/new" className={buttonClass('primary')}>
          {t('list.add')}
        </Link>
      </div>
      <div className="grid gap-2 rounded-lg border border-line bg-white p-3 sm:grid-cols-[minmax(0,2fr)_1fr_1fr]">
        <form role="search" onSubmit={onSearch} className="flex items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor="products-search" className={labelClass}>
              {t('list.search')}
            </label>
            <input
              id="products-search"
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              className={inputClass}
            />
          </div>
          <button type="submit" className={buttonClass('secondary')}>
            {t('list.searchButton')}
          </button>
        </form>
        <SelectField
          label={t('list.category')}
          value={search.get('category') ?? ''}
          onChange={(event) => setFilter('category', event.target.value)}
          options={[
            { value: '', label: t('list.all') },
            ...(categories.data ?? []).map((category) => ({
              value: category._id,
              label: pickLocalized(category.nameAr, category.nameFr, locale),
            })),
          ]}
        />
        <SelectField
          label={t('list.visibility')}
          value={search.get('active') ?? ''}
          onChange={(event) => setFilter('active', event.target.value)}
          options={[
            { value: '', label: t('list.all') },
            { value: 'true', label: t('list.activeOnly') },
            { value: 'false', label: t('list.hiddenOnly') },
          ]}
        />
      </div>
      {products.data ? (
        products.data.products.length === 0 ? (
          <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">
            {t('list.empty')}
          </p>
        ) : (
          <>
            <div className={c.box}>
              <table className={c.table} aria-label={t('list.title')}>
                <thead>
                  <tr>
                    <th scope="col" className={c.th}>
                      {t('list.product')}
                    </th>
                    <th scope="col" className={`${c.th} hidden sm:table-cell`}>
                      {t('list.visibility')}
                    </th>
                    <th scope="col" className={c.thFigure}>
                      {t('list.stock')}
                    </th>
                    <th scope="col" className={c.thFigure}>
                      {t('list.price')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {products.data.products.map((product) => {
                    const image = product.image?.src
                    return (
                      <tr key={product._id}>
                        <th scope="row" className={`${c.td} font-medium`}>
                          <Link to={`/products/${product._id}`} className="flex items-center gap-3 hover:underline">
                            {image ? (
                              <img src={image} alt="" width={40} height={40} className="size-10 rounded-md object-cover" />
                            ) : (
                              <span className="size-10 shrink-0 rounded-md bg-surface" aria-hidden="true" />
                            )}
                            {pickLocalized(product.nameAr, product.nameFr, locale)}
                          </Link>
                        </th>
                        <td className={`${c.td} hidden sm:table-cell`}>
                          <span className={product.isActive ? 'text-brand' : 'text-muted'}>
                            {product.isActive ? t('list.active') : t('list.hidden')}
                          </span>
                        </td>
                        <td className={`${c.tdFigure} ${product.stockTotal === 0 ? 'font-bold text-danger' : ''}`}>
                          {product.stockTotal}
                        </td>
                        <td className={`${c.tdFigure} whitespace-nowrap`}>{formatPrice(product.price, locale)}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
            <Pagination
              page={products.data.currentPage}
              totalPages={products.data.totalPages}
              onPage={(page) => {
                const next = new URLSearchParams(search)
                next.set('page', String(page))
                setSearch(next)
              }}
            />
          </>
        )
      ) : products.isError ? (
        <ErrorState
          title={t('list.loadError')}
          message={errorMessage}
          onRetry={() => void products.refetch()}
          isRetrying={products.isFetching}
        />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-96" />
        </div>
      )}
    </div>
  )
}
