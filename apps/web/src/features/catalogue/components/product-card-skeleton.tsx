import { Skeleton } from '../../../components/ui/skeleton.tsx'

export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true">
      <Skeleton className="aspect-square" />
      <Skeleton className="mt-3 h-4 w-4/5" />
      <Skeleton className="mt-2 h-6 w-1/2" />
    </div>
  )
}
