import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { NewsletterScreen } from '../../features/inbox/newsletter-screen.tsx'
import { RoleGate } from './role-gate.tsx'

export function NewsletterPage() {
  const { t } = useTranslation('inbox')
  return (
    <RoleGate permission="inbox">
      <PageTitle page={t('newsletter.title')} />
      <NewsletterScreen />
    </RoleGate>
  )
}
