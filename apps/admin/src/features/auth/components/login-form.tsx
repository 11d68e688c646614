import type { StaffSignInBody } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useSignIn } from '../api/use-sign-in.ts'

type Field = keyof StaffSignInBody

function readField(form: FormData, field: Field): string {
  const value = form.get(field)
  return typeof value === 'string' ? value : ''
}

/**
 * E-mail and password. Empty fields are caught here; everything else (format, wrong password, too many
 * tries) is the API's answer, shown under its field or under the form in the API's own words.
 */
export function LoginForm() {
  const { t } = useTranslation(['auth', 'validation'])
  const signIn = useSignIn()
  const [empty, setEmpty] = useState<Field[]>([])
  const formError = useErrorMessage(signIn.error)

  const fieldError = (field: Field): string | undefined => {
    if (empty.includes(field)) return t('validation:required')
    if (!(signIn.error instanceof ApiError)) return undefined
    return signIn.error.fieldErrors.find((error) => error.field === field)?.message
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body: StaffSignInBody = { email: readField(form, 'email').trim(), password: readField(form, 'password') }
    const missing = (Object.keys(body) as Field[]).filter((field) => body[field] === '')
    setEmpty(missing)
    if (missing.length > 0) {
      signIn.reset()
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${missing[0]}"]`)?.focus()
      return
    }
    signIn.mutate(body)
  }

  // Still disabled after success: the page is on its way to the staff area.
  const isBusy = signIn.isPending || signIn.isSuccess
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={t('login.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
        required
        error={fieldError('email')}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={fieldError('password')}
      />
      <button type="submit" disabled={isBusy} aria-busy={isBusy} className={buttonClass('primary', 'mt-2 w-full')}>
        {isBusy ? t('login.submitting') : t('login.submit')}
      </button>
      {formError ? (
        <p role="alert" className="rounded-md border border-danger/30 bg-white px-3 py-2 text-sm text-danger">
          {formError}
        </p>
      ) : null}
    </form>
  )
}
