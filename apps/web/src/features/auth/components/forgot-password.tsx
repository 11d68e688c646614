import { emailAddress } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { FormField, INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import { toast } from '../../../components/ui/toast.ts'
import { useApiErrorText, useMessageKey } from '../../../lib/error-text.ts'
import { useForgotPassword } from '../api/use-auth-actions.ts'
import { fieldErrors, resetCodeSchema, resetSchema } from '../auth-forms.ts'
import { PasswordStrength } from './password-strength.tsx'

export interface ForgotPasswordProps {
  onDone: () => void
}

type Step = 'email' | 'code' | 'password'

/** E-mail → 6-digit code (valid 10 minutes, 5 attempts) → new password. The reply never says whether the account exists. */
export function ForgotPassword({ onDone }: ForgotPasswordProps) {
  const { t } = useTranslation('account')
  const messageKey = useMessageKey()
  const errorText = useApiErrorText()
  const { requestCode, verifyCode, reset } = useForgotPassword()
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState('')
  const pending = requestCode.isPending || verifyCode.isPending || reset.isPending

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setFailure('')
    const fail = (error: unknown) => setFailure(errorText(error, t('forgot.failed')))
    if (step === 'email') {
      const parsed = emailAddress.safeParse(email)
      setErrors(parsed.success ? {} : { email: parsed.error.issues[0]?.message ?? 'validation:email' })
      if (parsed.success) requestCode.mutate(parsed.data, { onSuccess: () => setStep('code'), onError: fail })
      return
    }
    if (step === 'code') {
      const parsed = resetCodeSchema.safeParse(code)
      setErrors(parsed.success ? {} : { code: parsed.error.issues[0]?.message ?? 'validation:invalid' })
      if (parsed.success) verifyCode.mutate({ email, resetCode: code }, { onSuccess: () => setStep('password'), onError: fail })
      return
    }
    const parsed = resetSchema.safeParse({ newPassword: password, confirmPassword: confirm })
    setErrors(fieldErrors(parsed.error))
    if (!parsed.success) return
    reset.mutate(
      { email, resetCode: code, ...parsed.data },
      {
        onSuccess: () => {
          toast.success(t('forgot.done'))
          onDone()
        },
        onError: fail,
      },
    )
  }
  const errorOf = (field: string) => (errors[field] ? messageKey(errors[field]) : undefined)

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t('forgot.title')}</h2>
      {step === 'email' ? (
        <>
          <p className="text-sm text-muted">{t('forgot.intro')}</p>
          <FormField id="forgot-email" label={t('fields.email')} error={errorOf('email')}>
            {(control) => (
              <input {...control} type="email" inputMode="email" autoComplete="email" dir="ltr" className={`${INPUT_CLASS} text-start`} value={email} onChange={(e) => setEmail(e.target.value)} />
            )}
          </FormField>
        </>
      ) : null}
      {step === 'code' ? (
        <>
          <p role="status" className="text-sm text-muted">
            {t('forgot.codeSent')}
          </p>
          <FormField id="forgot-code" label={t('forgot.code')} error={errorOf('code')}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                dir="ltr"
                className={`${INPUT_CLASS} text-center text-xl tracking-[0.5em]`}
                value={code}
                onChange={(e) => {
                  const digits = e.target.value.replace(/\D/g, '').slice(0, 6)
                  // shown as kept even when the state does not change (a letter typed): Preact leaves the field as typed
                  e.currentTarget.value = digits
                  setCode(digits)
                }}
              />
            )}
          </FormField>
        </>
      ) : null}
      {step === 'password' ? (
        <>
          <FormField id="forgot-password" label={t('fields.newPassword')} error={errorOf('newPassword')} hint={<PasswordStrength password={password} />}>
            {(control) => <input {...control} type="password" autoComplete="new-password" className={INPUT_CLASS} value={password} onChange={(e) => setPassword(e.target.value)} />}
          </FormField>
          <FormField id="forgot-confirm" label={t('fields.confirmPassword')} error={errorOf('confirmPassword')}>
            {(control) => <input {...control} type="password" autoComplete="new-password" className={INPUT_CLASS} value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
          </FormField>
        </>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-sale">
          {failure}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className={buttonClass('primary', 'w-full')}>
        {t(step === 'email' ? 'forgot.sendCode' : step === 'code' ? 'forgot.verify' : 'forgot.reset')}
      </button>
      <button type="button" onClick={onDone} className="inline-flex min-h-11 items-center justify-center text-sm text-brand">
        {t('forgot.back')}
      </button>
    </form>
  )
}
