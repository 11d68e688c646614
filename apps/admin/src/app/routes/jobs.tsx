import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { JobsScreen } from '../../features/jobs/jobs-screen.tsx'
import { RoleGate } from './role-gate.tsx'

/** Owner only: the API refuses it to other roles, and they are told so here. */
export function JobsPage() {
  const { t } = useTranslation('shop')
  return (
    <RoleGate permission="jobs">
      <PageTitle page={t('jobs.title')} />
      <JobsScreen />
    </RoleGate>
  )
}
