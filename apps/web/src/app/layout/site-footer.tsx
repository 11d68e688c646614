import { useLocale } from '@shop/client-kit'
import { useTranslation } from 'react-i18next'
import { pickLocalized } from '@shop/shared'
import { useShopName, useShopSettings } from '../../lib/shop-settings.ts'
import { whatsappUrl } from '../../lib/whatsapp.ts'
import { InfoLinks } from '../../components/layout/info-links.tsx'
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form.tsx'

export function SiteFooter() {
  const { t } = useTranslation()
  const locale = useLocale()
  const name = useShopName() ?? t('shop.name')
  const settings = useShopSettings().data
  const address = settings ? pickLocalized(settings.address.ar, settings.address.fr, locale) : ''
  const whatsapp = settings?.whatsapp ? whatsappUrl(settings.whatsapp) : null

  return (
    <footer className="mt-16 border-t border-line bg-surface/60">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-2 md:px-6">
        <div>
          <p className="text-lg font-bold text-brand">{name}</p>
          <p className="mt-1 text-sm text-muted">{t('shop.tagline')}</p>
        </div>
        {settings ? (
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="text-base font-semibold">
              {t('footer.contactTitle')}
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
              {settings.phone ? (
                <>
                  <dt className="py-3 text-muted">{t('footer.phone')}</dt>
                  <dd>
                    <a
                      href={`tel:${settings.phone}`}
                      className="inline-flex min-h-11 items-center font-medium underline-offset-4 hover:underline"
                    >
                      <bdi dir="ltr">{settings.phone}</bdi>
                    </a>
                  </dd>
                </>
              ) : null}
              {whatsapp ? (
                <>
                  <dt className="py-3 text-muted">{t('footer.whatsapp')}</dt>
                  <dd>
                    <a
                      href={whatsapp}
                      rel="noopener"
                      className="inline-flex min-h-11 items-center font-medium underline-offset-4 hover:underline"
                    >
                      <bdi dir="ltr">{settings.whatsapp}</bdi>
                    </a>
                  </dd>
                </>
              ) : null}
              {settings.email ? (
                <>
                  <dt className="py-3 text-muted">{t('footer.email')}</dt>
                  <dd>
                    <a
                      href={`mailto:${settings.email}`}
                      className="inline-flex min-h-11 items-center font-medium break-all underline-offset-4 hover:underline"
                    >
                      <bdi dir="ltr">{settings.email}</bdi>
                    </a>
                  </dd>
                </>
              ) : null}
              {address ? (
                <>
                  <dt className="py-3 text-muted">{t('footer.address')}</dt>
                  <dd className="py-3">{address}</dd>
                </>
              ) : null}
            </dl>
          </section>
        ) : null}
        <InfoLinks variant="footer" />
        <div className="md:max-w-md">
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-muted md:px-6">
          {t('footer.copyright', { year: new Date().getFullYear(), name })}
        </p>
      </div>
    </footer>
  )
}
