export interface SkeletonProps {
  className?: string
}

/** A grey block standing in for content of the same shape while it loads. */
export function Skeleton({ className = '' }: SkeletonProps) {
  return <div className={`rounded-md bg-line/70 motion-safe:animate-pulse ${className}`} aria-hidden="true" />
}
