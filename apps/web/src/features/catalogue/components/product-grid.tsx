import type { ProductSummary } from '@shop/shared'
import { HydratePart } from '../../../lib/hydrate-in-parts.tsx'
import { ProductCard } from './product-card.tsx'
import { ProductCardSkeleton } from './product-card-skeleton.tsx'

export const GRID_CLASS = 'grid grid-cols-2 gap-x-3 gap-y-8 md:grid-cols-3 md:gap-x-6 lg:grid-cols-4'

export interface ProductGridProps {
  products: ProductSummary[]
  /** The first card is the page's largest image above the fold: it loads first. */
  isFirstPriority?: boolean
  /** Dimmed while the next page or filter loads over the previous results. */
  isStale?: boolean
}

export function ProductGrid({ products, isFirstPriority = false, isStale = false }: ProductGridProps) {
  return (
    // a page of cards is hydrated after the rest of the page, in a task of its own
    <HydratePart name="cards">
      <ul className={`${GRID_CLASS} transition-opacity ${isStale ? 'opacity-60' : ''}`} aria-busy={isStale || undefined}>
        {products.map((product, index) => (
          <li key={product._id}>
            <ProductCard product={product} isPriority={isFirstPriority && index === 0} />
          </li>
        ))}
      </ul>
    </HydratePart>
  )
}

export interface ProductGridSkeletonProps {
  count?: number
}

export function ProductGridSkeleton({ count = 8 }: ProductGridSkeletonProps) {
  return (
    <div aria-hidden="true" className={GRID_CLASS}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never move
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  )
}
