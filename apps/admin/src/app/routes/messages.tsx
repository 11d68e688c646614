import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { MessagesScreen } from '../../features/inbox/messages-screen.tsx'

export function MessagesPage() {
  const { t } = useTranslation('inbox')
  return (
    <>
      <PageTitle page={t('messages.title')} />
      <MessagesScreen />
    </>
  )
}
