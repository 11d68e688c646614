import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { IconChevronEnd } from '../../../components/icons/icon-chevron-end.tsx'
import { useShortList } from '../api/use-catalogue-lists.ts'
import { ProductCard } from './product-card.tsx'
import { ProductCardSkeleton } from './product-card-skeleton.tsx'

export interface ProductRailProps {
  kind: 'latest' | 'best-sellers'
  /** Where "view all" goes (a collection sorted the same way). */
  viewAllHref: string
}

/** A home section that scrolls sideways on phones and wraps into a grid on wide screens. */
export function ProductRail({ kind, viewAllHref }: ProductRailProps) {
  const { t } = useTranslation('catalogue')
  const query = useShortList(kind)
  const title = t(kind === 'latest' ? 'rails.latest' : 'rails.bestSellers')
  const headingId = `rail-${kind}`

  // A home section that fails or is empty is left out: the rest of the page still sells.
  if (query.isError || (query.isSuccess && query.data.length === 0)) return null

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl pt-10 md:px-6 md:pt-14">
      <div className="flex items-center justify-between gap-4 px-4 md:px-0">
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        <Link
          to={viewAllHref}
          aria-label={t('section.viewAllLabel', { name: title })}
          className="-me-2 inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md px-2 text-sm font-semibold text-brand hover:underline hover:underline-offset-4"
        >
          {t('section.viewAll')}
          <IconChevronEnd />
        </Link>
      </div>
      <ul
        aria-busy={query.isPending || undefined}
        className="relative mt-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 pb-2 md:grid md:grid-cols-5 md:gap-x-6 md:gap-y-8 md:overflow-visible md:px-0"
      >
        {query.isPending
          ? Array.from({ length: 4 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never move
              <li key={index} className="w-[44%] shrink-0 md:w-auto">
                <ProductCardSkeleton />
              </li>
            ))
          : query.data.map((product) => (
              <li key={product._id} className="w-[44%] shrink-0 snap-start md:w-auto">
                <ProductCard product={product} />
              </li>
            ))}
      </ul>
    </section>
  )
}
