import type { DeliveryType } from '@shop/shared'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { useAddToCart } from '../../features/cart/api/use-cart.ts'
import { GRID_CLASS } from '../../features/catalogue/components/product-grid.tsx'
import { ProductCard } from '../../features/catalogue/components/product-card.tsx'
import type { ProductSummary } from '../../features/catalogue/types.ts'
import { useDeliveryQuote } from '../../features/checkout/api/use-delivery-quote.ts'
import { DeliveryTypeField } from '../../features/checkout/components/delivery-type-field.tsx'
import { WilayaCommuneFields } from '../../features/checkout/components/wilaya-commune-fields.tsx'
import { track } from '../../features/pixels/browser-pixels.ts'
import { useProduct } from '../../features/product/api/use-product.ts'
import { type ChosenLine, ProductView } from '../../features/product/components/product-view.tsx'
import { QuickOrderForm } from '../../features/product/components/quick-order-form.tsx'
import { ApiError } from '../../lib/api.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'

function pixelParams(line: ChosenLine) {
  return {
    contentIds: [line.product._id],
    contentName: line.product.nameFr || line.product.name,
    quantity: line.quantity,
    value: line.product.price * line.quantity,
  }
}

/** The checkout's delivery pieces inside the product page's quick order. */
function ProductQuickOrder({ line }: { line: ChosenLine | null }) {
  const navigate = useNavigate()
  const [place, setPlace] = useState({ wilaya: '', commune: '' })
  const [type, setType] = useState<DeliveryType>('domicil')
  const quote = useDeliveryQuote(place.wilaya, type)
  return (
    <QuickOrderForm
      line={line}
      delivery={{ ...place, type, fee: quote.fee, isFeeLoading: quote.isLoading }}
      renderDeliveryFields={(errors) => (
        <>
          <WilayaCommuneFields value={place} onChange={setPlace} errors={errors} idPrefix="quick-place" />
          <DeliveryTypeField wilaya={place.wilaya} value={type} onChange={setType} idPrefix="quick-delivery" />
        </>
      )}
      onPlaced={(order, placed) => {
        track('Purchase', { ...pixelParams(placed), value: order.totalAmount, orderId: order._id })
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
  const { t } = useTranslation('product')
  const navigate = useNavigate()
  const query = useProduct(productId)
  const message = useErrorMessage(query.error)
  const addToCart = useAddToCart()
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
          <title>{t('notFound.title')}</title>
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
  const related = query.data.related as ProductSummary[]
  const add = (line: ChosenLine, then?: () => void) =>
    addToCart.mutate(
      { productId: line.product._id, quantity: line.quantity, size: line.variant.size, color: line.variant.color },
      {
        onSuccess: () => {
          track('AddToCart', pixelParams(line))
          then?.()
        },
      },
    )

  return (
    <ProductView
      key={loaded._id}
      product={loaded}
      isAdding={addToCart.isPending}
      onAddToCart={(line) => add(line)}
      onBuyNow={(line) => add(line, () => navigate('/place-order'))}
      renderQuickOrder={(line) => <ProductQuickOrder line={line} />}
      related={
        related.length > 0 ? (
          <section aria-labelledby="related-title" className="mt-14 px-4 md:px-0">
            <h2 id="related-title" className="mb-4 text-xl font-bold">
              {t('related.title')}
            </h2>
            <ul className={GRID_CLASS}>
              {related.slice(0, 8).map((item) => (
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
