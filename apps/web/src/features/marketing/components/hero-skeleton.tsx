import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { HERO_FRAME } from './hero-frame.ts'

export function HeroSkeleton() {
  return (
    <div className={`${HERO_FRAME} flex flex-col`} aria-hidden="true">
      <Skeleton className="aspect-square w-full rounded-none sm:absolute sm:inset-0 sm:aspect-auto" />
      <div className="flex h-44 flex-col gap-3 p-4 sm:hidden">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="mt-auto h-11 w-32" />
      </div>
    </div>
  )
}
