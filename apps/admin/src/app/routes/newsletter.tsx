import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { NewsletterScreen } from '../../features/inbox/newsletter-screen.tsx'

export function NewsletterPage() {
  const { t } = useTranslation('inbox')
  return (
    <>
      <PageTitle page={t('newsletter.title')} />
      <NewsletterScreen />
    </>
  )
}
