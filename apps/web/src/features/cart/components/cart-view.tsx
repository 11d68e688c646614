import { useTranslation } from 'react-i18next'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { SignInPrompt } from '../../../components/ui/sign-in-prompt.tsx'
import { useSessionEnded } from '../../../lib/session-ended.ts'
import { useCart } from '../api/use-cart.ts'
import { CartEmpty } from './cart-empty.tsx'
import { CartLine } from './cart-line.tsx'
import { CartSummary } from './cart-summary.tsx'
import { ClearCartButton } from './clear-cart-button.tsx'
import { DocumentTitle } from '../../../lib/document-title.tsx'

/** The /cart page: lines on the start side, the summary beside them on wide screens and under them on phones. */
export function CartView() {
  const { t } = useTranslation('cart')
  const { cart, isLoading, isError, refetch } = useCart()
  // the account's session ended (401): say so and offer the sign-in, above the guest cart the shopper now has
  const sessionEnded = useSessionEnded()

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:px-6">
      <DocumentTitle>{t('title')}</DocumentTitle>
      <div className="flex items-baseline justify-between gap-4">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        {cart && !cart.isEmpty ? <p className="text-sm text-muted">{t('itemsCount', { count: cart.cartCount })}</p> : null}
      </div>
      {sessionEnded ? (
        <div className="mt-6">
          <SignInPrompt redirect="/cart" />
        </div>
      ) : null}
      {isLoading ? (
        <div className="mt-6 flex flex-col gap-4" aria-label={t('loading')}>
          {[0, 1].map((key) => (
            <div key={key} className="flex gap-3">
              <Skeleton className="size-24" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-11 w-32" />
              </div>
            </div>
          ))}
        </div>
      ) : isError || !cart ? (
        <ErrorState title={t('loadFailed')} onRetry={() => void refetch()} />
      ) : cart.isEmpty ? (
        <CartEmpty />
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <div>
            <ul className="divide-y divide-line border-y border-line">
              {cart.items.map((item) => (
                <CartLine key={item._id} item={item} />
              ))}
            </ul>
            <div className="mt-3 flex justify-end">
              <ClearCartButton />
            </div>
          </div>
          <CartSummary cart={cart} />
        </div>
      )}
    </div>
  )
}
