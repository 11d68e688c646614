import '../../lib/arabic-texts/info.ts'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { RequireAuth } from '../../features/auth/components/require-auth.tsx'
import { DocumentTitle } from '../../lib/document-title.tsx'

/**
 * The online-payment return page. It never marks an order paid (docs/decisions.md, Accounts and security: only the provider's signed
 * notification does). It reads success & orderId and says plainly what happened and what comes next,
 * with the way on: the orders on success, back to the cart otherwise. Nothing happens behind the
 * shopper's back: no redirect before they have read the outcome.
 */
function VerifyOutcome() {
  const { t } = useTranslation('info')
  const { t: ta } = useTranslation('account')
  const [params] = useSearchParams()
  const orderId = params.get('orderId')?.trim() ?? ''
  const success = params.get('success') === 'true' && orderId !== ''
  // The order number as the order list shows it: the last 8 characters of the id.
  const orderNumber = orderId.slice(-8).toUpperCase()

  return (
    <section
      role={success ? 'status' : 'alert'}
      aria-labelledby="verify-outcome"
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <DocumentTitle>{ta('verify.title')}</DocumentTitle>
      <span
        aria-hidden="true"
        className={`flex size-14 items-center justify-center rounded-full text-2xl font-bold ${success ? 'bg-brand/10 text-brand' : 'bg-sale/10 text-sale'}`}
      >
        {success ? '✓' : '!'}
      </span>
      <h1 id="verify-outcome" className="text-2xl font-bold">
        {success ? t('verify.successTitle') : t('verify.failureTitle')}
      </h1>
      {success && orderNumber ? (
        <p className="text-muted">
          {t('verify.order')} <bdi dir="ltr" className="font-semibold text-ink">#{orderNumber}</bdi>
        </p>
      ) : null}
      <p>{success ? ta('verify.success') : ta('verify.failure')}</p>
      <p className="text-sm text-muted">{success ? t('verify.successNext') : t('verify.failureNext')}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {success ? (
          <Link to="/orders" replace className={buttonClass('primary')}>
            {t('verify.toOrders')}
          </Link>
        ) : (
          <>
            <Link to="/cart" replace className={buttonClass('primary')}>
              {t('verify.toCart')}
            </Link>
            <Link to="/contact" className={buttonClass('secondary')}>
              {t('verify.help')}
            </Link>
          </>
        )}
      </div>
    </section>
  )
}

export function VerifyPage() {
  return (
    <RequireAuth>
      <VerifyOutcome />
    </RequireAuth>
  )
}
