import { useLocale } from '@shop/client-kit'
import { type AdminProduct, colorName, pickLocalized, PRODUCT_NAME_MIN, type ProductBody } from '@shop/shared'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { FormMessage } from '../../../components/ui/form-message.tsx'
import { PageTitle } from '../../../components/ui/page-title.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { TextareaField } from '../../../components/ui/textarea-field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { isolate } from '../../../lib/bidi.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.tsx'
import { useCategories, useDeleteProduct, useProduct, useSaveProduct, useSaveVariants } from '../api/use-products.ts'
import {
  applyStockConflicts,
  cellKey,
  gridChange,
  gridFromVariants,
  stockConflicts,
  type VariantGrid,
  variantsFromGrid,
} from '../variant-grid.ts'
import { ImagesManager } from './images-manager.tsx'
import { VariantsEditor } from './variants-editor.tsx'

interface Draft {
  nameAr: string
  nameFr: string
  descriptionAr: string
  descriptionFr: string
  price: string
  compareAtPrice: string
  categoryId: string
  isActive: boolean
}

function draftOf(product: AdminProduct | undefined): Draft {
  return {
    nameAr: product?.nameAr ?? '',
    nameFr: product?.nameFr ?? '',
    descriptionAr: product?.descriptionAr ?? '',
    descriptionFr: product?.descriptionFr ?? '',
    price: product ? String(product.price) : '',
    compareAtPrice: product?.compareAtPrice ? String(product.compareAtPrice) : '',
    categoryId: product?.categoryId ?? '',
    isActive: product?.isActive ?? true,
  }
}

type DraftError = Partial<Record<keyof Draft | 'name' | 'variants', string>>

const nameTooShort = (name: string) => name.trim() !== '' && [...name.trim()].length < PRODUCT_NAME_MIN

/**
 * Checks what a form can know, with the shared rules the server applies too (a name of 3 characters at least, a
 * size and a colour before going on sale); the rest (category exists) is the server's answer.
 */
function checkDraft(draft: Draft, variantCount: number | null): DraftError {
  const errors: DraftError = {}
  if (!draft.nameAr.trim() && !draft.nameFr.trim()) errors.name = 'products:editor.nameRequired'
  if (nameTooShort(draft.nameAr)) errors.nameAr = 'validation:product.nameTooShort'
  if (nameTooShort(draft.nameFr)) errors.nameFr = 'validation:product.nameTooShort'
  if (variantCount === 0 && draft.isActive) errors.variants = 'products:editor.sizesRequired'
  if (!/^\d+$/.test(draft.price) || Number(draft.price) <= 0) errors.price = 'products:editor.pricePositive'
  if (draft.compareAtPrice && (!/^\d+$/.test(draft.compareAtPrice) || Number(draft.compareAtPrice) <= Number(draft.price))) {
    errors.compareAtPrice = 'products:editor.compareAbovePrice'
  }
  if (!draft.categoryId) errors.categoryId = 'validation:required'
  return errors
}

function bodyOf(draft: Draft): ProductBody {
  return {
    nameAr: draft.nameAr.trim(),
    nameFr: draft.nameFr.trim(),
    descriptionAr: draft.descriptionAr.trim(),
    descriptionFr: draft.descriptionFr.trim(),
    price: Number(draft.price),
    compareAtPrice: draft.compareAtPrice ? Number(draft.compareAtPrice) : null,
    categoryId: draft.categoryId,
    isActive: draft.isActive,
  }
}

export interface ProductEditorProps {
  /** null for a new product. */
  productId: string | null
}

export function ProductEditor({ productId }: ProductEditorProps) {
  const { t } = useTranslation(['products', 'common'])
  const product = useProduct(productId)
  const loadError = useErrorMessage(product.error)
  if (productId && !product.data) {
    if (product.isError) {
      return <ErrorState title={t('editor.loadError')} message={loadError} onRetry={() => void product.refetch()} />
    }
    return (
      <div role="status" aria-label={t('common:loading')} className="flex flex-col gap-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96" />
      </div>
    )
  }
  return <ProductForm key={productId ?? 'new'} productId={productId} product={product.data} />
}

function ProductForm({ productId, product }: { productId: string | null; product: AdminProduct | undefined }) {
  const { t } = useTranslation(['products', 'common', 'validation'])
  const locale = useLocale()
  const navigate = useNavigate()
  const categories = useCategories()
  const save = useSaveProduct(productId)
  const remove = useDeleteProduct(productId ?? '')
  const [draft, setDraft] = useState<Draft>(() => draftOf(product))
  const [errors, setErrors] = useState<DraftError>({})
  const [grid, setGrid] = useState<VariantGrid>(() => gridFromVariants([]))
  const [isSaved, setIsSaved] = useState(false)
  const [variantsDirty, setVariantsDirty] = useState(false)
  const isDirty =
    JSON.stringify(draft) !== JSON.stringify(draftOf(product)) ||
    (!productId && (grid.sizes.length > 0 || grid.colors.length > 0)) ||
    variantsDirty
  const unsaved = useUnsavedChanges(isDirty && !save.isPending, {
    title: t('editor.unsavedTitle'),
    message: t('editor.unsavedMessage'),
    stay: t('editor.stay'),
    leave: t('editor.leave'),
  })
  const hasOrders = Boolean(product?.variants.some((v) => v.hasOrders))
  const saveError = useErrorMessage(save.error)
  const removeError = useErrorMessage(remove.error)
  const title = productId
    ? pickLocalized(product?.nameAr, product?.nameFr, locale) || t('editor.editTitle')
    : t('editor.newTitle')

  const field = (key: keyof Draft) => ({
    name: key,
    value: String(draft[key]),
    onChange: (event: { target: { value: string } }) => {
      setIsSaved(false)
      setDraft({ ...draft, [key]: event.target.value })
    },
  })
  const serverError = (name: string) =>
    save.error instanceof ApiError ? save.error.fieldErrors.find((e) => e.field === name)?.message : undefined
  const errorOf = (key: keyof DraftError) => {
    const key18n = errors[key]
    return key18n ? t(key18n as 'products:editor.nameRequired', { min: PRODUCT_NAME_MIN }) : serverError(key)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const variantCount = productId ? (product?.variants.length ?? null) : variantsFromGrid(grid).length
    const found = checkDraft(draft, variantCount)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const body = bodyOf(draft)
    try {
      const reply = await save.mutateAsync(productId ? body : { ...body, variants: variantsFromGrid(grid) })
      setIsSaved(true)
      if (!productId && reply.product?._id) {
        unsaved.allowNextNavigation()
        navigate(`/products/${reply.product._id}`, { replace: true })
      }
    } catch {
      setIsSaved(false)
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <PageTitle page={title} />
      <Link to="/products" className="self-start text-sm text-muted underline-offset-2 hover:underline">
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ←
        </span>{' '}
        {t('editor.back')}
      </Link>
      <h1 className="text-xl font-bold">{title}</h1>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <SectionCard title={t('editor.details')}>
          <div className="grid gap-3 md:grid-cols-2">
            <div dir="rtl" lang="ar">
              <TextField label={t('editor.nameAr')} {...field('nameAr')} error={errorOf('name') ?? errorOf('nameAr')} />
            </div>
            <div dir="ltr" lang="fr">
              <TextField label={t('editor.nameFr')} {...field('nameFr')} error={errorOf('nameFr')} />
            </div>
            <div dir="rtl" lang="ar">
              <TextareaField label={t('editor.descriptionAr')} rows={4} {...field('descriptionAr')} />
            </div>
            <div dir="ltr" lang="fr">
              <TextareaField label={t('editor.descriptionFr')} rows={4} {...field('descriptionFr')} />
            </div>
            <TextField label={t('editor.price')} inputMode="numeric" {...field('price')} error={errorOf('price')} />
            <TextField
              label={t('editor.compareAtPrice')}
              inputMode="numeric"
              {...field('compareAtPrice')}
              error={errorOf('compareAtPrice')}
            />
            <SelectField
              label={t('editor.category')}
              {...field('categoryId')}
              error={errorOf('categoryId')}
              options={[
                { value: '', label: t('editor.pickCategory') },
                ...(categories.data ?? []).map((category) => ({
                  value: category._id,
                  label: pickLocalized(category.nameAr, category.nameFr, locale),
                })),
              ]}
            />
            <CheckboxField
              label={t('editor.isActive')}
              checked={draft.isActive}
              onChange={(event) => setDraft({ ...draft, isActive: event.target.checked })}
            />
          </div>
        </SectionCard>
        {productId ? null : (
          <SectionCard title={t('variants.title')}>
            <VariantsEditor grid={grid} onChange={setGrid} />
            <div className="mt-2">
              <FormMessage tone="error">{errorOf('variants') ?? ''}</FormMessage>
            </div>
          </SectionCard>
        )}
        {productId ? <FormMessage tone="error">{errorOf('variants') ?? ''}</FormMessage> : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={save.isPending} className={buttonClass('primary')}>
            {productId ? t('editor.save') : t('editor.create')}
          </button>
          {isSaved && productId ? (
            <p role="status" className="text-sm text-brand">
              {t('editor.saved')}
            </p>
          ) : null}
        </div>
        <FormMessage tone="error">{saveError}</FormMessage>
      </form>
      {productId && product ? (
        <>
          <ExistingVariants
            // The server's variants changed (saved here or elsewhere): the grid starts again from them.
            key={product.variants.map((v) => `${v._id}:${v.stock}:${v.sku ?? ''}`).join(',')}
            productId={productId}
            product={product}
            onDirtyChange={setVariantsDirty}
          />
          <SectionCard title={t('images.title')}>
            <ImagesManager
              productId={productId}
              images={product.images}
              colors={[...new Set(product.variants.map((v) => v.color))]}
            />
          </SectionCard>
          <SectionCard title={t('editor.dangerZone')}>
            <button
              type="button"
              className={buttonClass('secondary', 'text-danger')}
              disabled={remove.isPending}
              onClick={async () => {
                // a product with orders is only hidden (the orders keep pointing at it): the question says so
                if (!window.confirm(hasOrders ? t('editor.confirmHide') : t('editor.confirmDelete'))) return
                try {
                  await remove.mutateAsync()
                  unsaved.allowNextNavigation()
                  navigate('/products', { replace: true })
                } catch {
                  // the message below says why
                }
              }}
            >
              {hasOrders ? t('editor.deleteHidden') : t('editor.delete')}
            </button>
            <FormMessage tone="error">{removeError}</FormMessage>
          </SectionCard>
        </>
      ) : null}
      {unsaved.dialog}
    </div>
  )
}

function ExistingVariants({
  productId,
  product,
  onDirtyChange,
}: {
  productId: string
  product: AdminProduct
  /** Told whether the grid differs from the saved variants (the page warns before leaving it unsaved). */
  onDirtyChange?: (isDirty: boolean) => void
}) {
  const { t } = useTranslation('products')
  const locale = useLocale()
  const [grid, setGrid] = useState<VariantGrid>(() => gridFromVariants(product.variants))
  const [resolved, setResolved] = useState<'fresh' | 'mine' | null>(null)
  const saveVariants = useSaveVariants(productId)
  const conflictRef = useRef<HTMLDivElement>(null)
  const isConflict = saveVariants.error instanceof ApiError && saveVariants.error.code === 'STOCK_CONFLICT'
  const conflicts = isConflict ? stockConflicts((saveVariants.error as ApiError).data) : []
  const error = useErrorMessage(isConflict ? null : saveVariants.error)
  const change = gridChange(grid, product.variants)
  const isDirty = change.kind !== 'none'
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange])

  useEffect(() => {
    // the banner is where the owner looks next, even on a phone with the grid scrolled
    if (isConflict) conflictRef.current?.scrollIntoView?.({ block: 'nearest' })
    if (isConflict) conflictRef.current?.focus()
  }, [isConflict])

  const resolve = (mode: 'fresh' | 'mine') => {
    setGrid(applyStockConflicts(grid, conflicts, mode))
    setResolved(mode)
    saveVariants.reset()
  }

  return (
    <SectionCard title={t('variants.title')}>
      <VariantsEditor
        grid={grid}
        onChange={(next) => {
          setResolved(null)
          setGrid(next)
        }}
      />
      {isConflict ? (
        <div
          ref={conflictRef}
          tabIndex={-1}
          role="alert"
          className="mt-3 flex flex-col gap-2 rounded-lg border border-danger/40 bg-white p-3 text-sm outline-none"
        >
          <strong className="text-danger">{t('variants.conflict.title')}</strong>
          <p>{t('variants.conflict.message')}</p>
          <ul className="list-disc ps-5">
            {conflicts.map((c) => (
              <li key={c._id}>
                {t('variants.conflict.line', {
                  name: `${isolate(c.size)} · ${isolate(colorName(c.color, locale))}`,
                  expected: c.expectedStock,
                  stock: c.stock,
                  typed: grid.cells[cellKey(c.size, c.color)]?.stock ?? c.expectedStock,
                })}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass('primary')} onClick={() => resolve('fresh')}>
              {t('variants.conflict.useFresh')}
            </button>
            <button type="button" className={buttonClass('secondary')} onClick={() => resolve('mine')}>
              {t('variants.conflict.keepMine')}
            </button>
          </div>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={change.kind === 'none' || saveVariants.isPending}
          onClick={async () => {
            if (change.kind === 'none') return
            try {
              await saveVariants.mutateAsync(change)
              setResolved(null)
            } catch {
              // shown below
            }
          }}
        >
          {t('variants.save')}
        </button>
        {resolved ? (
          <p role="status" className="text-sm text-muted">
            {t(resolved === 'fresh' ? 'variants.conflict.afterFresh' : 'variants.conflict.afterMine')}
          </p>
        ) : null}
      </div>
      <div className="mt-2">
        <FormMessage tone="error">{error}</FormMessage>
      </div>
    </SectionCard>
  )
}
