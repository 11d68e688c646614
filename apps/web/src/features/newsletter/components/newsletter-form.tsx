import { EMAIL_SHAPE } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../../lib/api.ts'
import { useNewsletterSignup } from '../api/use-newsletter-signup.ts'
import { INPUT_CLASS } from '../../../components/ui/form-field.tsx'

/** The footer's newsletter sign-up: stored for staff to export (docs/decisions.md, No fake UI). */
export function NewsletterForm() {
  const { t, i18n } = useTranslation('pages')
  const [email, setEmail] = useState('')
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'error'>('idle')
  const [message, setMessage] = useState('')
  const signup = useNewsletterSignup()

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    // a light shape check in the footer of every page (the API applies the full rule)
    const address = email.trim()
    if (!EMAIL_SHAPE.test(address)) {
      setState('error')
      setMessage(String(i18n.t('validation:email' as never)))
      return
    }
    setState('sending')
    try {
      await signup.mutateAsync(address)
      setState('done')
      setMessage(t('newsletter.done'))
      setEmail('')
    } catch (error) {
      setState('error')
      setMessage(error instanceof ApiError && error.status > 0 && error.status < 500 && error.message !== error.code ? error.message : t('newsletter.failed'))
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2">
      <label htmlFor="newsletter-email" className="text-base font-semibold">
        {t('newsletter.title')}
      </label>
      <p className="text-sm text-muted">{t('newsletter.text')}</p>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          placeholder={t('newsletter.placeholder')}
          aria-invalid={state === 'error'}
          aria-describedby={message ? 'newsletter-message' : undefined}
          className={`${INPUT_CLASS} flex-1 text-start`}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            if (state !== 'sending') setState('idle')
            setMessage('')
          }}
        />
        <button type="submit" disabled={state === 'sending'} className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60">
          {t('newsletter.submit')}
        </button>
      </div>
      {message ? (
        <p id="newsletter-message" role={state === 'error' ? 'alert' : 'status'} className={`text-sm ${state === 'error' ? 'text-sale' : 'text-brand'}`}>
          {message}
        </p>
      ) : null}
    </form>
  )
}
