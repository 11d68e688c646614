import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { HERO_FRAME } from './hero-frame.ts'

export function HeroSkeleton() {
  return <Skeleton className={`${HERO_FRAME} rounded-none`} />
}
