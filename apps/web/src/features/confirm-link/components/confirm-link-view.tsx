import '../../../lib/arabic-texts/tracking.ts'
import { type ConfirmLinkAnswer, formatPrice } from '@shop/shared'
import { useLocale } from '@shop/client-kit'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { FormField } from '../../../components/ui/form-field.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useApiErrorText } from '../../../lib/error-text.ts'
import { useAnswerConfirmLink, useConfirmLink } from '../api/use-confirm-link.ts'

export interface ConfirmLinkViewProps {
  token: string
}

/**
 * The page a customer opens from the confirmation link (WhatsApp, SMS): the order's summary and three
 * answers. Opening it changes nothing; only a button does, and the server takes the first answer only.
 */
export function ConfirmLinkView({ token }: ConfirmLinkViewProps) {
  const { t } = useTranslation('tracking')
  const locale = useLocale()
  const errorText = useApiErrorText()
  const order = useConfirmLink(token)
  const answer = useAnswerConfirmLink(token)
  const [isChanging, setIsChanging] = useState(false)
  const [note, setNote] = useState('')
  const price = (amount: number) => formatPrice(amount, locale)
  const noteError = answer.error instanceof ApiError ? answer.error.fieldErrors.find((e) => e.field === 'note')?.message : undefined

  if (!order.data) {
    if (order.isError) {
      return (
        <section className="mx-auto flex max-w-lg flex-col gap-3 px-4 py-10 text-center">
          <h1 className="text-2xl font-bold">{t('confirm.title')}</h1>
          <p role="alert" className="text-muted">
            {errorText(order.error, t('confirm.invalid'))}
          </p>
        </section>
      )
    }
    return (
      <section className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-8" aria-busy="true">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-40" />
        <Skeleton className="h-12" />
      </section>
    )
  }

  const o = order.data
  const send = (value: ConfirmLinkAnswer, text?: string) => answer.mutate({ answer: value, ...(text ? { note: text } : {}) })
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send('change', note.trim())
  }
  const outcome =
    o.status === 'confirmed' || o.status === 'processing' || o.status === 'shipped' || o.status === 'out_for_delivery' || o.status === 'delivered'
      ? t('confirm.done.confirmed')
      : o.status === 'cancelled'
        ? t('confirm.done.cancelled')
        : o.answer === 'change'
          ? t('confirm.done.change')
          : null

  return (
    <section className="mx-auto flex max-w-lg flex-col gap-5 px-4 py-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{t('confirm.title')}</h1>
        <p className="text-muted">{t('confirm.hello', { name: o.firstName })}</p>
        <p className="text-sm text-muted">
          {t('confirm.number')} <bdi dir="ltr">{o.trackingNumber}</bdi>
        </p>
      </div>

      <div className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4">
        <ul className="flex flex-col divide-y divide-line">
          {o.items.map((item, index) => (
            <li key={index} className="flex items-start justify-between gap-3 py-2">
              <span className="flex flex-col">
                <span className="font-medium">{item.name}</span>
                <span className="text-sm text-muted">
                  {t('confirm.variant', { size: `\u2068${item.size}\u2069`, color: item.color, count: item.quantity })}
                </span>
              </span>
              <span className="shrink-0 font-semibold">{price(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <dl className="flex flex-col gap-1 border-t border-line pt-3 text-sm">
          {o.discount > 0 ? (
            <div className="flex justify-between">
              <dt>{t('confirm.discount')}</dt>
              <dd>{price(-o.discount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt>{t('confirm.delivery', { place: `${o.communeName}، ${o.wilayaName}` })}</dt>
            <dd>{price(o.deliveryFee)}</dd>
          </div>
          <div className="flex justify-between text-lg font-bold">
            <dt>{t('confirm.total')}</dt>
            <dd>{price(o.totalAmount)}</dd>
          </div>
        </dl>
        <p className="text-sm text-muted">{t('confirm.cod')}</p>
      </div>

      {outcome ? (
        <p role="status" className="rounded-lg bg-brand/10 p-4 font-semibold text-brand">
          {outcome}
        </p>
      ) : null}

      {o.canAnswer ? (
        <div className="flex flex-col gap-3">
          <button type="button" disabled={answer.isPending} className={buttonClass('primary', 'min-h-12 text-lg')} onClick={() => send('confirm')}>
            {t('confirm.confirm')}
          </button>
          {isChanging ? (
            <form onSubmit={onChange} className="flex flex-col gap-2" noValidate>
              <FormField id="confirm-change-note" label={t('confirm.changeNote')} error={noteError}>
                {(control) => (
                  <textarea
                    {...control}
                    rows={3}
                    maxLength={500}
                    value={note}
                    onChange={(event) => setNote(event.target.value)}
                    className="rounded-md border border-ink/25 bg-white px-3 py-2 text-base"
                  />
                )}
              </FormField>
              <button type="submit" disabled={answer.isPending} className={buttonClass('secondary')}>
                {t('confirm.sendChange')}
              </button>
            </form>
          ) : (
            <button type="button" className={buttonClass('secondary')} onClick={() => setIsChanging(true)}>
              {t('confirm.change')}
            </button>
          )}
          <button type="button" disabled={answer.isPending} className="min-h-11 text-sm font-semibold text-muted underline" onClick={() => send('cancel')}>
            {t('confirm.cancel')}
          </button>
          {answer.isError && !noteError ? (
            <p role="alert" className="text-sm text-sale">
              {errorText(answer.error, t('confirm.failed'))}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
