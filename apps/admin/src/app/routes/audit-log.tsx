import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { AuditLogScreen } from '../../features/audit/audit-log-screen.tsx'
import { RoleGate } from './role-gate.tsx'

/** Owner only: the API refuses it to other roles, and they are told so here. */
export function AuditLogPage() {
  const { t } = useTranslation('shop')
  return (
    <RoleGate permission="audit">
      <PageTitle page={t('audit.title')} />
      <AuditLogScreen />
    </RoleGate>
  )
}
