import { useLocale } from '@shop/client-kit'
import { passwordStrength } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { FormField, INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import { toast } from '../../../components/ui/toast.ts'
import { ApiError } from '../../../lib/api.ts'
import type { ClientUser } from '@shop/shared'
import { useApiErrorText, useMessageKey } from '../../../lib/error-text.ts'
import { useChangePassword, useUpdateProfile } from '../api/use-profile.ts'
import { firstErrors, passwordChangeSchema, profileSchema } from '../profile-forms.ts'
import { DocumentTitle } from '../../../lib/document-title.tsx'

export interface ProfileViewProps {
  user: ClientUser
}

const DAY_MS = 86_400_000

export function ProfileView({ user }: ProfileViewProps) {
  const { t } = useTranslation('account')
  const locale = useLocale()
  const days = Math.max(0, Math.floor((Date.now() - new Date(user.createdAt).getTime()) / DAY_MS))
  const since = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(user.createdAt))
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <DocumentTitle>{t('profile.title')}</DocumentTitle>
      <header className="flex items-center gap-4">
        <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-brand text-xl font-bold text-on-brand">
          {(user.firstName || user.email).charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{user.name || `${user.firstName} ${user.lastName}`}</h1>
          <p className="truncate text-muted" dir="ltr">
            {user.email}
          </p>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-surface/70 p-4">
          <dt className="text-sm text-muted">{t('profile.totalOrders')}</dt>
          <dd className="text-2xl font-bold">{user.totalOrders}</dd>
        </div>
        <div className="rounded-lg bg-surface/70 p-4">
          <dt className="text-sm text-muted">{t('profile.memberSince', { date: since })}</dt>
          <dd className="text-2xl font-bold">{t('profile.days', { count: days })}</dd>
        </div>
      </dl>
      <ProfileForm user={user} />
      <PasswordForm />
    </div>
  )
}

function ProfileForm({ user }: ProfileViewProps) {
  const { t } = useTranslation('account')
  const messageKey = useMessageKey()
  const errorText = useApiErrorText()
  const update = useUpdateProfile()
  const [values, setValues] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    dateOfBirth: user.dateOfBirth?.slice(0, 10) ?? '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: '' }))
  }
  const errorOf = (field: string) => (errors[field] ? messageKey(errors[field]) : undefined)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = profileSchema.safeParse(values)
    setErrors(firstErrors(parsed.error))
    if (!parsed.success) return
    update.mutate(parsed.data, {
      onSuccess: () => toast.success(t('profile.saved')),
      onError: (error) => toast.error(errorText(error, t('profile.saveFailed'))),
    })
  }
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-lg border border-line p-4 md:p-5">
      <h2 className="text-lg font-semibold">{t('profile.editTitle')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-firstName" label={t('fields.firstName')} error={errorOf('firstName')}>
          {(control) => <input {...control} autoComplete="given-name" className={INPUT_CLASS} value={values.firstName} onChange={(e) => set('firstName')(e.target.value)} />}
        </FormField>
        <FormField id="profile-lastName" label={t('fields.lastName')} error={errorOf('lastName')}>
          {(control) => <input {...control} autoComplete="family-name" className={INPUT_CLASS} value={values.lastName} onChange={(e) => set('lastName')(e.target.value)} />}
        </FormField>
      </div>
      <FormField id="profile-email" label={t('fields.email')} hint={t('profile.emailLocked')}>
        {(control) => <input {...control} type="email" dir="ltr" readOnly disabled className={`${INPUT_CLASS} text-start`} value={user.email} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-phone" label={t('fields.phone')} labelSuffix={t('fields.optional')} error={errorOf('phone')}>
          {(control) => <input {...control} type="tel" inputMode="tel" autoComplete="tel" dir="ltr" className={`${INPUT_CLASS} text-start`} value={values.phone} onChange={(e) => set('phone')(e.target.value)} />}
        </FormField>
        <FormField id="profile-dob" label={t('fields.dateOfBirth')} labelSuffix={t('fields.optional')} error={errorOf('dateOfBirth')}>
          {(control) => <input {...control} type="date" className={INPUT_CLASS} value={values.dateOfBirth} onChange={(e) => set('dateOfBirth')(e.target.value)} />}
        </FormField>
      </div>
      <button type="submit" disabled={update.isPending} className={buttonClass('primary', 'self-start')}>
        {t('profile.save')}
      </button>
    </form>
  )
}

function PasswordForm() {
  const { t } = useTranslation('account')
  const messageKey = useMessageKey()
  const errorText = useApiErrorText()
  const change = useChangePassword()
  const empty = { currentPassword: '', newPassword: '', confirmNewPassword: '' }
  const [values, setValues] = useState(empty)
  const [errors, setErrors] = useState<Record<string, string>>({})
  // the API's field messages (a wrong current password), already in the shopper's language
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const set = (field: keyof typeof empty) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: '' }))
    setServerErrors((current) => ({ ...current, [field]: '' }))
  }
  const errorOf = (field: string) => (errors[field] ? messageKey(errors[field]) : serverErrors[field] || undefined)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = passwordChangeSchema.safeParse(values)
    setErrors(firstErrors(parsed.error))
    if (!parsed.success) return
    change.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('password.changed'))
        setValues(empty)
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fieldErrors.filter((entry) => entry.field in empty) : []
        // a refused field is shown under that field; anything else (network, server) as a toast
        if (fields.length > 0) setServerErrors(Object.fromEntries(fields.map((entry) => [entry.field, entry.message])))
        else toast.error(errorText(error, t('password.changeFailed')))
      },
    })
  }
  const score = passwordStrength(values.newPassword)
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-lg border border-line p-4 md:p-5">
      <h2 className="text-lg font-semibold">{t('password.title')}</h2>
      <FormField id="pw-current" label={t('fields.currentPassword')} error={errorOf('currentPassword')}>
        {(control) => <input {...control} type="password" autoComplete="current-password" className={INPUT_CLASS} value={values.currentPassword} onChange={(e) => set('currentPassword')(e.target.value)} />}
      </FormField>
      <FormField
        id="pw-new"
        label={t('fields.newPassword')}
        error={errorOf('newPassword')}
        hint={values.newPassword ? `${t('password.strengthLabel', { level: t(`password.strength${score}`) })} · ${t('password.tip')}` : t('password.tip')}
      >
        {(control) => <input {...control} type="password" autoComplete="new-password" className={INPUT_CLASS} value={values.newPassword} onChange={(e) => set('newPassword')(e.target.value)} />}
      </FormField>
      <FormField id="pw-confirm" label={t('fields.confirmPassword')} error={errorOf('confirmNewPassword')}>
        {(control) => <input {...control} type="password" autoComplete="new-password" className={INPUT_CLASS} value={values.confirmNewPassword} onChange={(e) => set('confirmNewPassword')(e.target.value)} />}
      </FormField>
      <button type="submit" disabled={change.isPending} className={buttonClass('primary', 'self-start')}>
        {t('password.submit')}
      </button>
    </form>
  )
}
