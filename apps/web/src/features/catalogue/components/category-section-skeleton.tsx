import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { HOME_PRODUCTS_PER_CATEGORY } from '../api/use-homepage-categories.ts'
import { ProductCardSkeleton } from './product-card-skeleton.tsx'

export function CategorySectionSkeleton() {
  return (
    <div aria-hidden="true" className="mx-auto max-w-7xl px-4 pt-10 md:px-6 md:pt-14">
      <div className="flex items-center justify-between">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-5 w-20" />
      </div>
      <div className="mt-4 grid grid-cols-2 gap-x-3 gap-y-8 md:grid-cols-4 md:gap-x-6">
        {Array.from({ length: HOME_PRODUCTS_PER_CATEGORY }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never move
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </div>
  )
}
