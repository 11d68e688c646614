import type { ExchangeBody } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { TextField } from '../../../components/ui/text-field.tsx'

export interface ExchangeFormProps {
  isBusy: boolean
  onSend: (body: ExchangeBody) => Promise<void>
  onCancel: () => void
}

/** What an exchange parcel brings, takes back and collects, with a note for the courier. */
export function ExchangeForm({ isBusy, onSend, onCancel }: ExchangeFormProps) {
  const { t } = useTranslation('orders')
  const [fields, setFields] = useState({ productToCollect: '', products: '', codAmount: '0', note: '' })
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value })
  const amount = Number(fields.codAmount)
  const isValid = fields.productToCollect.trim() !== '' && fields.products.trim() !== '' && Number.isInteger(amount) && amount >= 0

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!isValid) return
    void onSend({ productToCollect: fields.productToCollect.trim(), products: fields.products.trim(), codAmount: amount, note: fields.note.trim() || null })
  }

  return (
    <form onSubmit={onSubmit} aria-label={t('shipping.exchange.title')} className="flex flex-col gap-2 rounded-md border border-line p-3">
      <TextField label={t('shipping.exchange.productToCollect')} name="productToCollect" maxLength={200} value={fields.productToCollect} onChange={set('productToCollect')} />
      <TextField label={t('shipping.exchange.products')} name="products" maxLength={500} value={fields.products} onChange={set('products')} />
      <TextField label={t('shipping.exchange.codAmount')} name="codAmount" inputMode="numeric" dir="ltr" value={fields.codAmount} onChange={set('codAmount')} />
      <TextField label={t('shipping.exchange.note')} name="note" maxLength={300} value={fields.note} onChange={set('note')} />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary')} disabled={isBusy || !isValid}>
          {t('shipping.exchange.send')}
        </button>
        <button type="button" className={buttonClass('ghost')} onClick={onCancel}>
          {t('shipping.exchange.close')}
        </button>
      </div>
    </form>
  )
}
