import '../../lib/arabic-texts/info.ts'
import { useLocale } from '@shop/client-kit'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { pickLocalized } from '@shop/shared'
import { useShopName, useShopSettings } from '../../lib/shop-settings.ts'
import { DocumentTitle } from '../../lib/document-title.tsx'

/** The shop's address, phone and e-mail from its settings (shared by About and Contact). */
export function ShopContacts() {
  const { t } = useTranslation('info')
  const locale = useLocale()
  const settings = useShopSettings().data
  if (!settings) return null
  const address = pickLocalized(settings.address.ar, settings.address.fr, locale)
  return (
    <aside className="flex flex-col gap-3 rounded-lg bg-surface/70 p-5 text-sm">
      <h2 className="text-base font-semibold">{t('contacts.title')}</h2>
      {address ? (
        <p>
          <span className="block text-muted">{t('contacts.address')}</span>
          {address}
        </p>
      ) : null}
      {settings.phone ? (
        <p>
          <span className="block text-muted">{t('contacts.phone')}</span>
          <a href={`tel:${settings.phone}`} className="inline-flex min-h-11 items-center font-medium underline-offset-4 hover:underline">
            <bdi dir="ltr">{settings.phone}</bdi>
          </a>
        </p>
      ) : null}
      {settings.email ? (
        <p>
          <span className="block text-muted">{t('contacts.email')}</span>
          <a href={`mailto:${settings.email}`} className="inline-flex min-h-11 items-center font-medium break-all underline-offset-4 hover:underline">
            <bdi dir="ltr">{settings.email}</bdi>
          </a>
        </p>
      ) : null}
    </aside>
  )
}

export function AboutPage() {
  const { t } = useTranslation('info')
  const name = useShopName() ?? ''
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[1fr_20rem]">
      <DocumentTitle>{t('about.title', { name })}</DocumentTitle>
      <article className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">{t('about.title', { name })}</h1>
        <p className="text-lg">{t('about.lead')}</p>
        <p className="text-muted">{t('about.story')}</p>
        <ul className="flex flex-col gap-2">
          {(['promise1', 'promise2', 'promise3'] as const).map((key) => (
            <li key={key} className="flex gap-2">
              <span aria-hidden="true" className="text-brand">
                ✓
              </span>
              {t(`about.${key}`)}
            </li>
          ))}
        </ul>
        <div className="mt-2 flex flex-wrap gap-3">
          <Link to="/collection" className={buttonClass('primary')}>
            {t('about.shop')}
          </Link>
          <Link to="/contact" className={buttonClass('secondary')}>
            {t('about.jobs')}
          </Link>
        </div>
      </article>
      <ShopContacts />
    </div>
  )
}
