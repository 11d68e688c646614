import '../../lib/arabic-texts/info.ts'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useShopName } from '../../lib/shop-settings.ts'
import { DocumentTitle } from '../../lib/document-title.tsx'

const SECTIONS = ['orders', 'payment', 'delivery', 'returns', 'data', 'why', 'sharing', 'rights'] as const

/** Terms of sale and privacy: what sign-up asks the shopper to accept, in plain words (linked from the footer). */
export function TermsPage() {
  const { t } = useTranslation('info')
  const { t: tc } = useTranslation()
  const name = useShopName() ?? tc('shop.name')
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <DocumentTitle>{t('terms.title')}</DocumentTitle>
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">{t('terms.title')}</h1>
        <p className="text-lg text-muted">{t('terms.intro', { name })}</p>
      </header>
      {SECTIONS.map((key) => (
        <section key={key} aria-labelledby={`terms-${key}`} className="flex flex-col gap-2">
          <h2 id={`terms-${key}`} className="text-lg font-semibold">
            {t(`terms.sections.${key}.title`)}
          </h2>
          <p className="leading-relaxed">{t(`terms.sections.${key}.body`)}</p>
        </section>
      ))}
      <p>
        <Link to="/contact" className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4">
          {t('terms.contactLink')}
        </Link>
      </p>
    </article>
  )
}
