import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { DocumentTitle } from '../../lib/document-title.tsx'

export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <DocumentTitle>{t('notFound.title')}</DocumentTitle>
      <p className="text-2xl font-bold text-muted" aria-hidden="true">
        404
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-3 text-base text-muted">{t('notFound.message')}</p>
      <Link to="/" className={buttonClass('primary', 'mt-8')}>
        {t('actions.goHome')}
      </Link>
    </section>
  )
}
