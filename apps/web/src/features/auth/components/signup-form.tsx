import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { FormField, INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import { toast } from '../../../components/ui/toast.ts'
import { ApiError } from '../../../lib/api.ts'
import { useApiErrorText, useMessageKey } from '../../../lib/error-text.ts'
import { useSignup } from '../api/use-auth-actions.ts'
import { fieldErrors, signupSchema } from '../auth-forms.ts'
import { PasswordStrength } from './password-strength.tsx'

export interface SignupFormProps {
  onDone: (signedIn: boolean) => void
}

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' }

export function SignupForm({ onDone }: SignupFormProps) {
  const { t } = useTranslation('account')
  const messageKey = useMessageKey()
  const errorText = useApiErrorText()
  const signup = useSignup()
  const [values, setValues] = useState(EMPTY)
  const [terms, setTerms] = useState(false)
  const [rememberMe, setRememberMe] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  // the API's own field messages, already in the shopper's language
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState('')
  const mismatch = values.password !== '' && values.confirmPassword !== '' && values.password !== values.confirmPassword

  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: '' }))
    setServerErrors((current) => ({ ...current, [field]: '' }))
    setFailure('')
  }
  const errorOf = (field: string) => (errors[field] ? messageKey(errors[field]) : serverErrors[field] || undefined)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = signupSchema.safeParse({ ...values, terms })
    setErrors(fieldErrors(parsed.error))
    if (!parsed.success) return
    const { terms: _accepted, ...body } = parsed.data
    signup.mutate(
      { ...body, rememberMe },
      {
        onSuccess: ({ user }) => {
          toast.success(t('register.success'))
          onDone(Boolean(user))
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors.filter((entry) => entry.field in EMPTY) : []
          if (fields.length > 0) setServerErrors(Object.fromEntries(fields.map((entry) => [entry.field, entry.message])))
          else setFailure(errorText(error, t('register.failed')))
        },
      },
    )
  }

  const text = (field: keyof typeof EMPTY, label: string, props: Record<string, string> = {}) => (
    <FormField id={`signup-${field}`} label={label} error={errorOf(field)}>
      {(control) => <input {...control} {...props} className={INPUT_CLASS} value={values[field]} onChange={(e) => set(field)(e.target.value)} />}
    </FormField>
  )

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', t('fields.firstName'), { autoComplete: 'given-name' })}
        {text('lastName', t('fields.lastName'), { autoComplete: 'family-name' })}
      </div>
      {text('email', t('fields.email'), { type: 'email', inputMode: 'email', autoComplete: 'email', dir: 'ltr' })}
      <FormField id="signup-phone" label={t('fields.phone')} labelSuffix={t('fields.optional')} hint={t('fields.phoneHint')} error={errorOf('phone')}>
        {(control) => (
          <input
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            className={`${INPUT_CLASS} text-start`}
            value={values.phone}
            onChange={(e) => set('phone')(e.target.value)}
          />
        )}
      </FormField>
      <FormField id="signup-password" label={t('fields.password')} error={errorOf('password')} hint={<PasswordStrength password={values.password} />}>
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" className={INPUT_CLASS} value={values.password} onChange={(e) => set('password')(e.target.value)} />
        )}
      </FormField>
      <FormField
        id="signup-confirmPassword"
        label={t('fields.confirmPassword')}
        error={errorOf('confirmPassword') ?? (mismatch ? messageKey('validation:password.mismatch') : undefined)}
      >
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" className={INPUT_CLASS} value={values.confirmPassword} onChange={(e) => set('confirmPassword')(e.target.value)} />
        )}
      </FormField>
      <label className="inline-flex min-h-11 items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-5 accent-brand" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
        <span>
          {t('register.terms')}{' '}
          {/* a new tab, so the form keeps what was typed */}
          <a href="/terms" target="_blank" rel="noopener" className="font-medium text-brand underline">
            {t('register.readTerms')}
          </a>
        </span>
      </label>
      {errors.terms ? <p className="text-sm text-sale">{messageKey(errors.terms)}</p> : null}
      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="size-5 accent-brand" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        {t('login.rememberMe')}
      </label>
      {failure ? (
        <p role="alert" className="text-sm text-sale">
          {failure}
        </p>
      ) : null}
      <button type="submit" disabled={signup.isPending || mismatch} className={buttonClass('primary', 'w-full')}>
        {signup.isPending ? t('register.submitting') : t('register.submit')}
      </button>
    </form>
  )
}
