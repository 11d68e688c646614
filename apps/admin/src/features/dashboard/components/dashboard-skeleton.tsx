import { useTranslation } from 'react-i18next'
import { Skeleton } from '../../../components/ui/skeleton.tsx'

export function DashboardSkeleton() {
  const { t } = useTranslation()
  return (
    <div role="status" aria-label={t('loading')} className="flex flex-col gap-6">
      <div className="grid gap-3 md:grid-cols-3">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <Skeleton className="h-80" />
        <Skeleton className="h-64" />
      </div>
    </div>
  )
}
