import type { DeliveryType } from '@shop/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cartKeys, useAddToCart, useCartOwner } from '../../features/cart/api/use-cart.ts'
import type { Cart } from '@shop/shared'
import { ProductCard } from '../../features/catalogue/components/product-card.tsx'
import { useDeliveryQuote } from '../../features/checkout/api/use-delivery-quote.ts'
import { DeliveryTypeField } from '../../features/checkout/components/delivery-type-field.tsx'
import { WilayaCommuneFields } from '../../features/checkout/components/wilaya-commune-fields.tsx'
import { purchaseEventId, track } from '../../lib/pixel-events.ts'
import { useProduct } from '../../features/product/api/use-product.ts'
import { type ChosenLine, ProductView } from '../../features/product/components/product-view.tsx'
import { QuickOrderForm } from '../../features/product/components/quick-order-form.tsx'
import { toast } from '../../components/ui/toast.ts'
import { ApiError } from '../../lib/api.ts'
import { useApiErrorText } from '../../lib/error-text.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { usePageForm } from '../../lib/page-form.ts'
import { DocumentTitle } from '../../lib/document-title.tsx'

function pixelParams(line: ChosenLine) {
  return {
    contentIds: [line.product._id],
    contentName: line.product.nameFr || line.product.name,
    quantity: line.quantity,
    value: line.product.price * line.quantity,
  }
}

/** The checkout's delivery pieces inside the product page's quick order. */
function ProductQuickOrder({ line, productId, onMissingChoice }: { line: ChosenLine | null; productId: string; onMissingChoice: () => void }) {
  const navigate = useNavigate()
  // a form the server sent back (submitted before the scripts ran) keeps the shopper's place and delivery
  const sentBack = usePageForm('quick-order')?.values
  const [place, setPlace] = useState({ wilaya: sentBack?.wilaya ?? '', commune: sentBack?.commune ?? '' })
  const [type, setType] = useState<DeliveryType>(sentBack?.type === 'stopdesk' ? 'stopdesk' : 'domicil')
  const quote = useDeliveryQuote(place.wilaya, type)
  return (
    <QuickOrderForm
      line={line}
      productId={productId}
      onMissingChoice={onMissingChoice}
      delivery={{ ...place, type, fee: quote.fee, isFeeLoading: quote.isLoading }}
      renderDeliveryFields={(errors) => (
        <>
          <WilayaCommuneFields value={place} onChange={setPlace} errors={errors} idPrefix="quick-place" />
          <DeliveryTypeField wilaya={place.wilaya} value={type} onChange={setType} idPrefix="quick-delivery" name="type" />
        </>
      )}
      onPlaced={(order, placed) => {
        // the order's event id lets a server-side Purchase for the same order be deduplicated against this one
        track('Purchase', { ...pixelParams(placed), value: order.totalAmount, orderId: order._id, eventId: purchaseEventId(order), trackingNumber: order.trackingNumber })
        navigate(`/thank-you?orderId=${encodeURIComponent(order._id)}`, {
          state: {
            orderId: order._id,
            order,
            customerName: `${order.customerInfo.firstName} ${order.customerInfo.lastName}`,
            phone: order.customerInfo.phone,
            itemCount: placed.quantity,
            total: order.totalAmount,
          },
        })
      }}
    />
  )
}

// Two columns on phones, four from md up, and a count that fills whole rows: no hole in the grid.
const RELATED_GRID_CLASS = 'grid grid-cols-2 gap-x-3 gap-y-8 md:grid-cols-4 md:gap-x-6'
const RELATED_MAX = 8

/** How many related cards fill whole rows: a multiple of 4 from 4 up, else of 2 (a lone card stays). */
function relatedCount(available: number): number {
  const count = Math.min(available, RELATED_MAX)
  if (count >= 4) return count - (count % 4)
  if (count >= 2) return count - (count % 2)
  return count
}

function ProductSkeleton() {
  return (
    <div aria-busy="true" className="mx-auto grid max-w-7xl gap-6 md:grid-cols-2 md:gap-10 md:px-6 md:py-10">
      <Skeleton className="aspect-square rounded-none md:rounded-md" />
      <div className="flex flex-col gap-4 px-4 md:px-0">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-24" />
        <Skeleton className="h-64" />
      </div>
    </div>
  )
}

export function ProductPage() {
  const { productId = '' } = useParams()
  const { t } = useTranslation(['product', 'cart'])
  const navigate = useNavigate()
  const query = useProduct(productId)
  const message = useErrorMessage(query.error)
  const addToCart = useAddToCart({ silent: true })
  const cartOwner = useCartOwner()
  const queryClient = useQueryClient()
  const errorText = useApiErrorText()
  const product = query.data?.product

  useEffect(() => {
    if (!product) return
    track('ViewContent', {
      contentIds: [product._id],
      contentName: product.nameFr || product.name,
      value: product.price,
    })
  }, [product])

  if (query.isPending) return <ProductSkeleton />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === 'PRODUCT_NOT_FOUND') {
      return (
        <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center">
          <DocumentTitle>{t('notFound.title')}</DocumentTitle>
          <h1 className="text-xl font-bold">{t('notFound.title')}</h1>
          <p className="text-muted">{t('notFound.message')}</p>
          <div className="mt-3 flex gap-3">
            <button type="button" className={buttonClass('secondary')} onClick={() => navigate(-1)}>
              {t('notFound.goBack')}
            </button>
            <Link to="/collection" className={buttonClass('primary')}>
              {t('notFound.browse')}
            </Link>
          </div>
        </div>
      )
    }
    return (
      <ErrorState title={t('loadError')} message={message} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
    )
  }

  const loaded = query.data.product
  // the API leaves sold-out products out; the check stays so an old cached reply shows no sold-out card
  const related = query.data.related.filter((item) => item.inStock)
  const shownRelated = related.slice(0, relatedCount(related.length))
  const lineQuantity = (cart: Cart | undefined, variantId: string) =>
    cart?.items.find((item) => item.variantId === variantId)?.quantity ?? 0
  const add = (line: ChosenLine, then?: () => void) => {
    // asking for more than is left adds what is left: the cart's line before and after says how many
    const before = lineQuantity(queryClient.getQueryData<Cart>(cartKeys.of(cartOwner ?? 'guest')), line.variant._id)
    addToCart.mutate(
      { productId: line.product._id, quantity: line.quantity, size: line.variant.size, color: line.variant.color },
      {
        onSuccess: (cart) => {
          const added = lineQuantity(cart, line.variant._id) - before
          if (added < line.quantity) toast.info(t('cart.addedPartial', { count: Math.max(0, added) }))
          else toast.success(t('cart:toast.added'))
          track('AddToCart', { ...pixelParams(line), quantity: added, value: line.product.price * added })
          then?.()
        },
        onError: (error) => {
          toast.error(errorText(error, t('cart:toast.addFailed')))
        },
      },
    )
  }

  return (
    <ProductView
      key={loaded._id}
      product={loaded}
      isAdding={addToCart.isPending}
      onAddToCart={(line) => add(line)}
      onBuyNow={(line) => add(line, () => navigate('/place-order'))}
      renderQuickOrder={(line, onMissingChoice) => <ProductQuickOrder line={line} productId={loaded._id} onMissingChoice={onMissingChoice} />}
      related={
        shownRelated.length > 0 ? (
          <section aria-labelledby="related-title" className="mt-14 px-4 md:px-0">
            <h2 id="related-title" className="mb-4 text-xl font-bold">
              {t('related.title')}
            </h2>
            <ul className={RELATED_GRID_CLASS}>
              {shownRelated.map((item) => (
                <li key={item._id}>
                  <ProductCard product={item} />
                </li>
              ))}
            </ul>
          </section>
        ) : null
      }
    />
  )
}
