import { useLocale } from '@shop/client-kit'
import { type AdminOrder, colorName, type Locale, DELIVERY_TYPES, type DeliveryType, EDITABLE_STATUSES, formatPrice, type OrderEditBody, type OrderPage, pickLocalized } from '@shop/shared'
import { useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { inputClass, labelClass } from '../../../components/ui/field-classes.ts'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { isolate } from '../../../lib/bidi.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useCommunes, useEditPreview, useOrderProduct, useProductSearch, useSaveEdit } from '../api/use-order-edit.ts'
import { useWilayas } from '../api/use-orders.ts'

export interface DraftLine {
  /** A key for React only. */
  key: string
  productId: string
  name: string
  size: string
  color: string
  quantity: number
  /** The product's price today (a new order's lines). */
  price?: number
}

interface Draft {
  lines: DraftLine[]
  firstName: string
  lastName: string
  phone: string
  wilayaCode: number
  communeId: number
  deliveryType: DeliveryType
  address: string
}

function draftOf(order: AdminOrder, locale: Locale): Draft {
  return {
    lines: order.items
      .filter((item) => item.productId)
      .map((item) => ({
        key: item._id,
        productId: item.productId as string,
        name: pickLocalized(item.nameAr, item.nameFr, locale),
        size: item.size,
        color: item.color,
        quantity: item.quantity,
      })),
    firstName: order.customer.firstName,
    lastName: order.customer.lastName,
    phone: order.phone,
    wilayaCode: order.address.wilayaCode,
    communeId: order.address.communeId,
    deliveryType: order.deliveryType,
    address: order.address.street ?? '',
  }
}

function bodyOf(draft: Draft, version: number): OrderEditBody {
  return {
    version,
    lines: draft.lines.filter((l) => l.size !== '' || l.color !== '').map((l) => ({ productId: l.productId, size: l.size, color: l.color, quantity: l.quantity })),
    customer: { firstName: draft.firstName, lastName: draft.lastName, phone: draft.phone },
    wilayaCode: draft.wilayaCode,
    communeId: draft.communeId,
    deliveryType: draft.deliveryType,
    address: draft.address.trim() === '' ? null : draft.address,
  }
}

/** The same value, settled: it changes only once `value` stopped changing for `ms` (the preview is asked once per pause). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

export interface OrderEditPanelProps {
  order: AdminOrder
  /** The order as the edit left it (the call queue keeps its current order with it). */
  onSaved?: (page: OrderPage) => void
}

/**
 * Editing the order during the call: another size or colour, the quantity, a line removed or added, the
 * customer's name, phone and address, the wilaya, commune and delivery type. The server prices the draft
 * as it would save it (new totals, the coupon kept or dropped, a size out of stock) before staff save.
 */
export function OrderEditPanel({ order, onSaved }: OrderEditPanelProps) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const [draft, setDraft] = useState<Draft | null>(null)
  const editable = (EDITABLE_STATUSES as readonly string[]).includes(order.status)
  if (!editable) return null
  if (!draft) {
    return (
      <SectionCard title={t('orderEdit.title')}>
        <p className="text-sm text-muted">{t('orderEdit.hint')}</p>
        <button type="button" className={buttonClass('secondary', 'mt-3')} onClick={() => setDraft(draftOf(order, locale))}>
          {t('orderEdit.start')}
        </button>
      </SectionCard>
    )
  }
  return (
    <EditForm
      order={order}
      draft={draft}
      onChange={setDraft}
      onClose={(page) => {
        setDraft(null)
        if (page) onSaved?.(page)
      }}
    />
  )
}

function EditForm({ order, draft, onChange, onClose }: { order: AdminOrder; draft: Draft; onChange: (d: Draft) => void; onClose: (saved?: OrderPage) => void }) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const price = (amount: number) => formatPrice(amount, locale)
  const body = useMemo(() => bodyOf(draft, order.version), [draft, order.version])
  const settled = useSettled(body, 400)
  const preview = useEditPreview(order._id, settled)
  const save = useSaveEdit(order._id)
  const previewError = useErrorMessage(preview.error)
  const saveError = useErrorMessage(save.error)
  const quote = preview.data?.quote
  const wilayas = useWilayas()
  const communes = useCommunes(draft.wilayaCode)
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch })
  const setLine = (key: string, patch: Partial<DraftLine>) => set({ lines: draft.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) })

  // a new wilaya: its first commune until staff pick one
  const communeList = communes.data
  useEffect(() => {
    if (communeList && communeList.length > 0 && !communeList.some((c) => c._id === draft.communeId)) {
      onChange({ ...draft, communeId: communeList[0]!._id })
    }
  }, [communeList, draft, onChange])

  return (
    <SectionCard title={t('orderEdit.title')}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate(body, { onSuccess: (reply) => onClose(reply.page ?? undefined) })
        }}
      >
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">{t('orderEdit.lines')}</legend>
          {draft.lines.map((line) => (
            <LineEditor
              key={line.key}
              line={line}
              canRemove={draft.lines.length > 1}
              onChange={(patch) => setLine(line.key, patch)}
              onRemove={() => set({ lines: draft.lines.filter((l) => l.key !== line.key) })}
            />
          ))}
          <AddProduct
            onAdd={(product) =>
              set({ lines: [...draft.lines, { key: `new-${Date.now()}`, productId: product.id, name: product.name, size: '', color: '', quantity: 1 }] })
            }
          />
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">{t('orderEdit.customer')}</legend>
          <TextField label={t('orderEdit.firstName')} name="firstName" value={draft.firstName} onChange={(e) => set({ firstName: e.target.value })} />
          <TextField label={t('orderEdit.lastName')} name="lastName" value={draft.lastName} onChange={(e) => set({ lastName: e.target.value })} />
          <TextField label={t('orderEdit.phone')} name="phone" dir="ltr" inputMode="tel" value={draft.phone} onChange={(e) => set({ phone: e.target.value })} />
          <SelectField
            label={t('orderEdit.wilaya')}
            value={String(draft.wilayaCode)}
            onChange={(e) => set({ wilayaCode: Number(e.target.value) })}
            options={(wilayas.data ?? [{ _id: draft.wilayaCode, code: String(draft.wilayaCode).padStart(2, '0'), name: order.address.wilayaName }]).map((w) => ({
              value: String(w._id),
              label: `${w.code} ${w.name}`,
            }))}
          />
          <SelectField
            label={t('orderEdit.commune')}
            value={String(draft.communeId)}
            onChange={(e) => set({ communeId: Number(e.target.value) })}
            options={(communeList ?? [{ _id: draft.communeId, name: order.address.communeName }]).map((c) => ({ value: String(c._id), label: c.name }))}
          />
          <SelectField
            label={t('orderEdit.deliveryType')}
            value={draft.deliveryType}
            onChange={(e) => set({ deliveryType: e.target.value as DeliveryType })}
            options={DELIVERY_TYPES.map((type) => ({ value: type, label: t(`deliveryType.${type}`) }))}
          />
          <TextField label={t('orderEdit.address')} name="address" value={draft.address} onChange={(e) => set({ address: e.target.value })} />
        </fieldset>

        <section aria-label={t('orderEdit.preview')} aria-live="polite" aria-busy={preview.isFetching} className="rounded-md border border-line bg-paper p-3 text-sm">
          <h3 className="mb-2 font-semibold">{t('orderEdit.preview')}</h3>
          {previewError ? (
            <p role="alert" className="text-danger">
              {previewError}
            </p>
          ) : quote ? (
            <dl className="flex flex-col gap-1">
              <div className="flex justify-between gap-4">
                <dt className="text-muted">{t('totals.subtotal')}</dt>
                <dd className="tabular-nums">{price(quote.subtotal)}</dd>
              </div>
              {quote.discount > 0 ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-muted">
                    {t('totals.coupon')} <bdi dir="ltr">{quote.couponCode}</bdi>
                  </dt>
                  <dd className="tabular-nums">{price(-quote.discount)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-4">
                <dt className="text-muted">{t('totals.delivery', { type: t(`deliveryType.${draft.deliveryType}`) })}</dt>
                <dd className="tabular-nums">{price(quote.deliveryFee)}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-line pt-1 text-base font-bold">
                <dt>{t('orderEdit.newTotal')}</dt>
                <dd className="tabular-nums" data-testid="edit-new-total">
                  {price(quote.totalAmount)}
                </dd>
              </div>
              <p className="text-xs text-muted">{t('orderEdit.wasTotal', { total: price(order.totalAmount) })}</p>
              {quote.couponDropped ? (
                <p role="status" className="rounded-md bg-amber-soft px-2 py-1 text-amber-ink">
                  {t('orderEdit.couponDropped', { code: isolate(quote.couponDropped.code), reason: quote.couponDropped.reason })}
                </p>
              ) : null}
            </dl>
          ) : (
            <p className="text-muted">{t('orderEdit.pricing')}</p>
          )}
        </section>

        {saveError ? (
          <p role="alert" className="text-sm text-danger">
            {saveError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
            {t('orderEdit.save')}
          </button>
          <button type="button" className={buttonClass('ghost')} onClick={() => onClose()} disabled={save.isPending}>
            {t('orderEdit.cancel')}
          </button>
        </div>
      </form>
    </SectionCard>
  )
}

/** One line: its size and colour from the product's variants (with the stock of each), the quantity, remove. */
export function LineEditor({ line, canRemove, onChange, onRemove }: { line: DraftLine; canRemove: boolean; onChange: (patch: Partial<DraftLine>) => void; onRemove: () => void }) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const product = useOrderProduct(line.productId)
  const variants = useMemo(() => product.data?.variants ?? [], [product.data])
  const sizes = [...new Set(variants.map((v) => v.size))]
  const colours = variants.filter((v) => v.size === line.size)
  const stockOf = (size: string) => variants.filter((v) => v.size === size).reduce((sum, v) => sum + v.stock, 0)

  // a line just added: its first size in stock
  useEffect(() => {
    if (line.size === '' && variants.length > 0) {
      const first = variants.find((v) => v.stock > 0) ?? variants[0]!
      onChange({ size: first.size, color: first.color })
    }
  }, [line.size, variants, onChange])

  return (
    <div className="flex flex-col gap-2 rounded-md border border-line p-3" data-testid="edit-line">
      <div className="flex items-start justify-between gap-2">
        <span className="font-medium">
          <bdi>{line.name}</bdi>
        </span>
        <button type="button" className={buttonClass('ghost', 'min-h-9 px-2 text-sm text-danger')} disabled={!canRemove} onClick={onRemove} aria-label={t('orderEdit.remove', { name: line.name })}>
          {t('orderEdit.removeShort')}
        </button>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <SelectField
          label={t('orderEdit.size')}
          value={line.size}
          onChange={(e) => {
            const size = e.target.value
            const sameColour = variants.find((v) => v.size === size && v.color === line.color)
            const first = variants.find((v) => v.size === size && v.stock > 0) ?? variants.find((v) => v.size === size)
            onChange({ size, color: (sameColour ?? first)?.color ?? '' })
          }}
          options={(sizes.length > 0 ? sizes : [line.size]).map((size) => ({
            value: size,
            label: variants.length > 0 ? t('orderEdit.withStock', { value: size, stock: stockOf(size) }) : size,
          }))}
        />
        <SelectField
          label={t('orderEdit.color')}
          value={line.color}
          onChange={(e) => onChange({ color: e.target.value })}
          options={(colours.length > 0 ? colours : [{ color: line.color, stock: null }]).map((v) => ({
            value: v.color,
            label: v.stock === null ? colorName(v.color, locale) : t('orderEdit.withStock', { value: colorName(v.color, locale), stock: v.stock }),
          }))}
        />
      </div>
      <QuantityStepper value={line.quantity} label={t('orderEdit.quantity')} onChange={(quantity) => onChange({ quantity })} />
    </div>
  )
}

function QuantityStepper({ value, label, onChange }: { value: number; label: string; onChange: (n: number) => void }) {
  const { t } = useTranslation('orders')
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <button type="button" className={buttonClass('secondary', 'min-h-11 min-w-11 px-0')} aria-label={t('orderEdit.less')} disabled={value <= 1} onClick={() => onChange(value - 1)}>
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        value={value}
        onChange={(e) => onChange(Math.max(1, Math.min(100, Number(e.target.value) || 1)))}
        className={`${inputClass} w-16 text-center`}
      />
      <button type="button" className={buttonClass('secondary', 'min-h-11 min-w-11 px-0')} aria-label={t('orderEdit.more')} disabled={value >= 100} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  )
}

/** Search a product by name and add it as a new line. */
export function AddProduct({ onAdd }: { onAdd: (product: { id: string; name: string; price: number }) => void }) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const [term, setTerm] = useState('')
  const found = useProductSearch(term)
  return (
    <div className="flex flex-col gap-2">
      <TextField label={t('orderEdit.addProduct')} name="productSearch" type="search" value={term} onChange={(e) => setTerm(e.target.value)} placeholder={t('orderEdit.searchPlaceholder')} />
      {term.trim().length >= 2 && found.data ? (
        found.data.length === 0 ? (
          <p className="text-sm text-muted">{t('orderEdit.noProduct')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {found.data.map((p) => {
              const name = pickLocalized(p.nameAr, p.nameFr, locale)
              return (
                <li key={p._id}>
                  <button
                    type="button"
                    className={buttonClass('ghost', 'w-full justify-between text-start')}
                    onClick={() => {
                      onAdd({ id: p._id, name, price: p.price })
                      setTerm('')
                    }}
                  >
                    <bdi>{name}</bdi> <span className="text-muted tabular-nums">{formatPrice(p.price, locale)}</span>
                  </button>
                </li>
              )
            })}
          </ul>
        )
      ) : null}
    </div>
  )
}
