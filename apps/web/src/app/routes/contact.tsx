import '../../lib/arabic-texts/info.ts'
import { emailAddress } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { buttonClass } from '../../components/ui/button-class.ts'
import { FormField, INPUT_CLASS } from '../../components/ui/form-field.tsx'
import { useSendContactMessage } from '../../features/contact/api/use-send-contact-message.ts'
import { useApiErrorText, useMessageKey } from '../../lib/error-text.ts'
import { ShopContacts } from './about.tsx'
import { DocumentTitle } from '../../lib/document-title.tsx'

/** docs/storefront-spec.md §5: name 2-100, e-mail, subject 5-100, message 10-1000. */
const contactSchema = z.object({
  name: z.string().trim().min(2, 'info:contact.errors.name').max(100, 'info:contact.errors.name'),
  email: emailAddress,
  subject: z.string().trim().min(5, 'info:contact.errors.subject').max(100, 'info:contact.errors.subject'),
  message: z.string().trim().min(10, 'info:contact.errors.message').max(1000, 'info:contact.errors.message'),
})
type ContactValues = { name: string; email: string; subject: string; message: string }
const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' }

export function ContactPage() {
  const { t } = useTranslation('info')
  const messageKey = useMessageKey()
  const errorText = useApiErrorText()
  const sendMessage = useSendContactMessage()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof ContactValues, string>>>({})
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [failure, setFailure] = useState('')

  const set = (field: keyof ContactValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = contactSchema.safeParse(values)
    if (!parsed.success) {
      const next: typeof errors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ContactValues
        next[field] ??= issue.message
      }
      setErrors(next)
      return
    }
    setState('sending')
    setFailure('')
    try {
      await sendMessage.mutateAsync(parsed.data)
      setState('sent')
      setValues(EMPTY)
    } catch (error) {
      setState('idle')
      setFailure(errorText(error, t('contact.failed')))
    }
  }
  const errorOf = (field: keyof ContactValues) => (errors[field] ? messageKey(errors[field]) : undefined)

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[1fr_20rem]">
      <DocumentTitle>{t('contact.title')}</DocumentTitle>
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">{t('contact.title')}</h1>
        <p className="text-muted">{t('contact.intro')}</p>
        {state === 'sent' ? (
          <p role="status" className="rounded-lg bg-brand/10 p-4 font-medium text-brand">
            {t('contact.sent')}
          </p>
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
            <FormField id="contact-name" label={t('contact.name')} error={errorOf('name')}>
              {(control) => <input {...control} autoComplete="name" className={INPUT_CLASS} value={values.name} onChange={(e) => set('name')(e.target.value)} />}
            </FormField>
            <FormField id="contact-email" label={t('contact.email')} error={errorOf('email')}>
              {(control) => (
                <input {...control} type="email" inputMode="email" autoComplete="email" dir="ltr" className={`${INPUT_CLASS} text-start`} value={values.email} onChange={(e) => set('email')(e.target.value)} />
              )}
            </FormField>
            <FormField id="contact-subject" label={t('contact.subject')} error={errorOf('subject')}>
              {(control) => <input {...control} className={INPUT_CLASS} value={values.subject} onChange={(e) => set('subject')(e.target.value)} />}
            </FormField>
            <FormField id="contact-message" label={t('contact.message')} error={errorOf('message')}>
              {(control) => <textarea {...control} rows={5} className={`${INPUT_CLASS} py-2`} value={values.message} onChange={(e) => set('message')(e.target.value)} />}
            </FormField>
            {failure ? (
              <p role="alert" className="text-sm text-sale">
                {failure}
              </p>
            ) : null}
            <button type="submit" disabled={state === 'sending'} className={buttonClass('primary', 'self-start')}>
              {state === 'sending' ? t('contact.sending') : t('contact.submit')}
            </button>
          </form>
        )}
      </div>
      <ShopContacts />
    </div>
  )
}
