import '../../../lib/arabic-texts/tracking.ts'
import { toLatinDigits, type TrackedOrder, trackingPhone } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { FormField, INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useMessageKey } from '../../../lib/error-text.ts'
import { useTrackOrders } from '../api/use-tracking.ts'
import { trackingErrorKey } from '../tracking-errors.ts'
import { TrackingCard } from './tracking-card.tsx'
import { TrackingDetailsModal } from './tracking-details-modal.tsx'
import { DocumentTitle } from '../../../lib/document-title.tsx'

export function TrackingView() {
  const { t } = useTranslation('tracking')
  const messageKey = useMessageKey()
  const track = useTrackOrders()
  const [phone, setPhone] = useState('')
  const [searched, setSearched] = useState('')
  const [fieldError, setFieldError] = useState('')
  const [selected, setSelected] = useState<TrackedOrder | null>(null)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = trackingPhone.safeParse(phone.replace(/[\s.-]/g, ''))
    if (!parsed.success) {
      setFieldError(messageKey(parsed.error.issues[0]?.message ?? 'validation:phone.tenDigits'))
      return
    }
    setFieldError('')
    setSearched(parsed.data)
    track.mutate(parsed.data)
  }
  const reset = () => {
    setPhone('')
    setSearched('')
    setFieldError('')
    track.reset()
  }

  const errorKey = track.isError ? trackingErrorKey(track.error) : null
  const errorMessage =
    errorKey === 'other' && track.error instanceof ApiError && track.error.message !== track.error.code
      ? track.error.message
      : errorKey
        ? t(`errors.${errorKey === 'other' ? 'generic' : errorKey}`)
        : ''
  const orders = track.data

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <DocumentTitle>{t('title')}</DocumentTitle>
      <header>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="mt-1 text-muted">{t('subtitle')}</p>
      </header>
      {track.isIdle ? (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-lg border border-line bg-white/60 p-4 md:p-5">
          <FormField id="tracking-phone" label={t('form.phone')} error={fieldError}>
            {(control) => (
              <input
                {...control}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                dir="ltr"
                maxLength={14}
                placeholder={t('form.placeholder')}
                className={`${INPUT_CLASS} text-start`}
                value={phone}
                onChange={(e) => {
                  // An Arabic phone keyboard types ٠٦٦١…: shown and sent as 0661…
                  setPhone(toLatinDigits(e.target.value))
                  setFieldError('')
                }}
              />
            )}
          </FormField>
          <button type="submit" className={buttonClass('primary')}>
            {t('form.submit')}
          </button>
          <ol className="grid gap-2 text-sm text-muted sm:grid-cols-3">
            {(['step1', 'step2', 'step3'] as const).map((step, index) => (
              <li key={step} className="flex gap-2">
                <span className="font-bold text-brand">{`${index + 1}.`}</span>
                {t(`form.${step}`)}
              </li>
            ))}
          </ol>
        </form>
      ) : (
        <section aria-labelledby="tracking-results" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 id="tracking-results" className="text-lg font-semibold">
                {t('results.title')} <bdi dir="ltr">{searched}</bdi>
              </h2>
              {orders && orders.length > 0 ? <p className="text-sm text-muted">{t('results.count', { count: orders.length })}</p> : null}
            </div>
            <button type="button" onClick={reset} className={buttonClass('secondary')}>
              {t('results.newSearch')}
            </button>
          </div>
          {track.isPending ? (
            <p role="status" className="flex items-center gap-2 text-muted">
              <span aria-hidden="true" className="size-5 rounded-full border-2 border-brand border-t-transparent motion-safe:animate-spin" />
              {t('form.searching')}
            </p>
          ) : errorKey && errorKey !== 'notFound' ? (
            <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-sale/10 p-4 text-sale">
              <p>{errorMessage}</p>
              <button type="button" onClick={reset} className="inline-flex min-h-11 items-center rounded-md border border-sale/40 px-4 font-semibold">
                {t('results.tryAnother')}
              </button>
            </div>
          ) : !orders || orders.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-lg bg-surface/60 p-8 text-center">
              <p className="text-lg font-semibold">{t('errors.notFound')}</p>
              <p className="text-sm text-muted">{t('results.emptyText')}</p>
            </div>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {orders.map((order) => (
                <TrackingCard key={order._id} order={order} onDetails={() => setSelected(order)} />
              ))}
            </ul>
          )}
        </section>
      )}
      <TrackingDetailsModal order={selected} phoneNumber={searched} onClose={() => setSelected(null)} />
    </div>
  )
}
