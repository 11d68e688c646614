import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from '../../components/ui/toast.ts'
import { RequireAuth } from '../../features/auth/components/require-auth.tsx'

/**
 * The online-payment return page. It never marks an order paid (DECISIONS: only the provider's signed
 * notification does); it reads success & orderId, tells the shopper, and sends them on: to the orders on
 * success, back to the cart otherwise.
 */
function VerifyRedirect() {
  const { t } = useTranslation('account')
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const success = params.get('success') === 'true' && Boolean(params.get('orderId'))

  useEffect(() => {
    if (success) toast.success(t('verify.success'))
    else toast.error(t('verify.failure'))
    void navigate(success ? '/orders' : '/cart', { replace: true })
  }, [success, navigate, t])

  return (
    <p role="status" className="px-4 py-16 text-center text-muted">
      <title>{t('verify.title')}</title>
      {t('verify.checking')}
    </p>
  )
}

export function VerifyPage() {
  return (
    <RequireAuth>
      <VerifyRedirect />
    </RequireAuth>
  )
}
