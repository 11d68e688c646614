import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { FormField, INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import { toast } from '../../../components/ui/toast.ts'
import { useApiErrorText, useMessageKey } from '../../../lib/error-text.ts'
import { useLogin } from '../api/use-auth-actions.ts'
import { fieldErrors, loginSchema } from '../auth-forms.ts'

export interface LoginFormProps {
  onDone: () => void
  onForgot: () => void
}

export function LoginForm({ onDone, onForgot }: LoginFormProps) {
  const { t } = useTranslation('account')
  const messageKey = useMessageKey()
  const errorText = useApiErrorText()
  const login = useLogin()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState('')

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!email || !password) return
    const parsed = loginSchema.safeParse({ email, password })
    setErrors(fieldErrors(parsed.error))
    if (!parsed.success) return
    login.mutate(
      { ...parsed.data, rememberMe },
      {
        onSuccess: () => {
          toast.success(t('login.success'))
          onDone()
        },
        onError: (error) => setFailure(errorText(error, t('login.failed'))),
      },
    )
  }
  // The error clears on the next edit (docs/storefront-spec.md §5).
  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value)
    setFailure('')
    setErrors({})
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField id="login-email" label={t('fields.email')} error={errors.email ? messageKey(errors.email) : undefined}>
        {(control) => (
          <input {...control} type="email" inputMode="email" autoComplete="email" dir="ltr" className={`${INPUT_CLASS} text-start`} value={email} onChange={(e) => edit(setEmail)(e.target.value)} />
        )}
      </FormField>
      <FormField id="login-password" label={t('fields.password')} error={errors.password ? messageKey(errors.password) : undefined}>
        {(control) => (
          <input {...control} type="password" autoComplete="current-password" className={INPUT_CLASS} value={password} onChange={(e) => edit(setPassword)(e.target.value)} />
        )}
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="size-5 accent-brand" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
          {t('login.rememberMe')}
        </label>
        <button type="button" onClick={onForgot} className="inline-flex min-h-11 items-center text-sm text-brand underline-offset-4 hover:underline">
          {t('login.forgot')}
        </button>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-sale">
          {failure}
        </p>
      ) : null}
      <button type="submit" disabled={login.isPending} className={buttonClass('primary', 'w-full')}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  )
}
