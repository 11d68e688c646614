import { useTranslation } from 'react-i18next'
import { Skeleton } from '../ui/skeleton.tsx'

/** While the session is checked: the shape of the shell (sidebar, title, figures), nothing clickable yet. */
export function ShellSkeleton() {
  const { t } = useTranslation()
  return (
    <div role="status" aria-label={t('loading')} className="min-h-dvh lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <div className="flex h-14 items-center gap-3 border-b border-line px-3 lg:hidden">
        <Skeleton className="size-8" />
        <Skeleton className="h-6 w-24" />
      </div>
      <div className="hidden h-dvh flex-col gap-4 border-e border-line bg-surface px-4 py-5 lg:flex">
        <Skeleton className="h-7 w-24" />
        <Skeleton className="h-9 w-full" />
      </div>
      <div className="flex flex-col gap-4 px-4 py-5 lg:px-8 lg:py-6">
        <Skeleton className="h-8 w-48" />
        <div className="grid gap-3 sm:grid-cols-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
        <Skeleton className="h-64" />
      </div>
    </div>
  )
}
