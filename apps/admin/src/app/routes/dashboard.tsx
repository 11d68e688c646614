import { useLocale } from '@shop/client-kit'
import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview.tsx'
import { formatLongDate } from '../../lib/dates.ts'

export function DashboardPage() {
  const { t } = useTranslation('dashboard')
  const locale = useLocale()
  return (
    <>
      <PageTitle page={t('title')} />
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-xl font-bold">{t('title')}</h1>
        <p className="text-sm text-muted">{t('today', { date: formatLongDate(new Date(), locale) })}</p>
      </div>
      <DashboardOverview />
    </>
  )
}
