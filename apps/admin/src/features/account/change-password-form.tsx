import { type nothing, type StaffPasswordBody } from '@shop/shared'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button-class.ts'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { passwordProblem } from '../../lib/password-problem.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'

const EMPTY = { current: '', next: '', repeat: '' }

/**
 * Any staff member changes their own password: the current one is asked, each broken rule is named
 * (too short, too common...), and the member's other sessions end (the API does that).
 */
export function ChangePasswordForm() {
  const { t } = useTranslation(['shop', 'validation', 'errors'])
  const change = useMutation({
    mutationFn: (body: StaffPasswordBody) => api<typeof nothing>('/admin/auth/password', { method: 'POST', body }),
  })
  const [values, setValues] = useState(EMPTY)
  const [problems, setProblems] = useState<Record<string, string>>({})
  const apiError = useErrorMessage(change.error)
  const fieldError = (field: 'current' | 'next' | 'repeat') => {
    if (problems[field]) return t(problems[field] as 'validation:invalid')
    if (!(change.error instanceof ApiError)) return undefined
    const apiField = field === 'current' ? 'currentPassword' : field === 'next' ? 'newPassword' : ''
    return change.error.fieldErrors.find((e) => e.field === apiField)?.message
  }
  const hasFieldError = change.error instanceof ApiError && change.error.fieldErrors.length > 0

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!values.current) found.current = 'validation:required'
    const rule = passwordProblem(values.next)
    if (rule) found.next = rule
    else if (values.repeat !== values.next) found.repeat = 'validation:password.mismatch'
    setProblems(found)
    if (Object.keys(found).length > 0) return
    try {
      await change.mutateAsync({ currentPassword: values.current, newPassword: values.next })
      setValues(EMPTY)
    } catch {
      // shown under the fields
    }
  }

  return (
    <SectionCard title={t('account.title')} className="max-w-lg">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <TextField
          label={t('account.current')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.current}
          error={fieldError('current')}
          onChange={(e) => setValues({ ...values, current: e.target.value })}
        />
        <TextField
          label={t('account.new')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.next}
          error={fieldError('next')}
          onChange={(e) => setValues({ ...values, next: e.target.value })}
        />
        <TextField
          label={t('account.confirm')}
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          value={values.repeat}
          error={fieldError('repeat')}
          onChange={(e) => setValues({ ...values, repeat: e.target.value })}
        />
        <p className="text-xs text-muted">{t('account.hint')}</p>
        <div>
          <button type="submit" disabled={change.isPending} className={buttonClass('primary')}>
            {change.isPending ? t('account.saving') : t('account.save')}
          </button>
        </div>
        {change.isSuccess ? <FormMessage tone="success">{t('account.saved')}</FormMessage> : null}
        {apiError && !hasFieldError ? <FormMessage tone="error">{apiError}</FormMessage> : null}
      </form>
    </SectionCard>
  )
}
