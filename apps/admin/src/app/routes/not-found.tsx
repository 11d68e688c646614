import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { PageTitle } from '../../components/ui/page-title.tsx'

/** An address inside /admin that no screen answers (yet): said plainly, inside the shell. */
export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <div className="flex max-w-md flex-col items-start gap-3">
      <PageTitle page={t('notFound.title')} />
      <h1 className="text-xl font-bold">{t('notFound.title')}</h1>
      <p className="text-sm text-muted">{t('notFound.message')}</p>
      <Link to="/" className={buttonClass('secondary', 'mt-2')}>
        {t('actions.goHome')}
      </Link>
    </div>
  )
}
