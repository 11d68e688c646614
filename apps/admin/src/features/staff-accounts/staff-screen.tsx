import {
  STAFF_ROLES,
  type StaffAccount,
  type staffAccountReply,
  type staffAccountsReply,
  type StaffCreateBody,
  type StaffPatchBody,
  type staffPasswordResetReply,
  type StaffRole,
} from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { passwordProblem } from '../../lib/password-problem.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'

const KEY = ['staff-accounts'] as const

function useStaffChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { kind: 'create'; body: StaffCreateBody } | { kind: 'change'; id: string; body: StaffPatchBody }) =>
      change.kind === 'change'
        ? api<typeof staffAccountReply>(`/admin/staff/${change.id}`, { method: 'PATCH', body: change.body })
        : api<typeof staffAccountReply>('/admin/staff', { method: 'POST', body: change.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}

function usePasswordReset(id: string) {
  return useMutation({
    mutationFn: (password: string | undefined) =>
      api<typeof staffPasswordResetReply>(`/admin/staff/${id}/password`, { method: 'POST', body: password ? { password } : {} }),
  })
}

/**
 * The owner resets a member's password: a generated one (shown once, to hand over) or one typed here,
 * checked against the shared rule with the failed rule named. The member's sessions end.
 */
function PasswordReset({ member }: { member: StaffAccount }) {
  const { t } = useTranslation(['shop', 'validation'])
  const reset = usePasswordReset(member._id)
  const [isOpen, setIsOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState('')
  const apiError = useErrorMessage(reset.error)
  const fieldError =
    (problem ? t(problem as 'validation:invalid') : '') ||
    (reset.error instanceof ApiError ? reset.error.fieldErrors.find((e) => e.field === 'password')?.message : undefined)

  const submit = async (value: string | undefined) => {
    const rule = value === undefined ? '' : passwordProblem(value)
    setProblem(rule)
    if (rule) return
    try {
      await reset.mutateAsync(value)
      setPassword('')
      setIsOpen(false)
    } catch {
      // shown below
    }
  }

  return (
    <div className="flex min-w-0 flex-col items-start gap-2">
      {isOpen ? (
        <form
          noValidate
          aria-label={t('staff.resetOf', { name: member.name })}
          className="flex w-full min-w-0 flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            void submit(password)
          }}
        >
          <TextField
            label={t('staff.newPassword')}
            name={`password-${member._id}`}
            type="text"
            autoComplete="off"
            dir="ltr"
            value={password}
            error={fieldError || undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={reset.isPending} className={buttonClass('secondary')}>
              {t('staff.setThis')}
            </button>
            <button type="button" disabled={reset.isPending} className={buttonClass('secondary')} onClick={() => void submit(undefined)}>
              {t('staff.generate')}
            </button>
            <button type="button" className={buttonClass('ghost')} onClick={() => setIsOpen(false)}>
              {t('staff.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          aria-label={t('staff.resetOf', { name: member.name })}
          className={buttonClass('secondary')}
          onClick={() => {
            reset.reset()
            setIsOpen(true)
          }}
        >
          {t('staff.reset')}
        </button>
      )}
      {reset.isSuccess && !isOpen ? (
        <p role="status" className="max-w-xs rounded-md bg-brand-soft px-3 py-2 text-sm break-words text-brand">
          {reset.data.password
            ? t('staff.generated', { name: member.name, password: reset.data.password })
            : t('staff.resetSaved', { name: member.name })}
        </p>
      ) : null}
      {apiError && !fieldError ? (
        <p role="alert" className="text-xs text-danger">
          {apiError}
        </p>
      ) : null}
    </div>
  )
}

function StaffRow({ member }: { member: StaffAccount }) {
  const { t } = useTranslation(['shop', 'common'])
  const change = useStaffChange()
  const error = useErrorMessage(change.error)
  // one card per member: name, role, active and password reset stack on a phone, sit in a row on a laptop
  return (
    <li className="grid gap-3 rounded-lg border border-line bg-white p-3 text-sm lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto_minmax(0,2fr)] lg:items-start">
      <div className="min-w-0">
        <p className="font-medium break-words">
          <bdi>{member.name}</bdi>
        </p>
        <p className="text-xs break-all text-muted">
          <bdi dir="ltr">{member.email}</bdi>
        </p>
      </div>
      <label className="flex min-w-0 flex-col gap-1">
        <span className="text-xs text-muted">{t('staff.role')}</span>
        <select
          aria-label={t('staff.roleOf', { name: member.name })}
          value={member.role}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ kind: 'change', id: member._id, body: { role: event.target.value as StaffRole } })}
          className="min-h-11 rounded-md border border-ink/25 bg-white px-2 text-sm lg:min-h-9"
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`common:staff.role.${role}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-h-11 items-center gap-2 lg:min-h-9 lg:pt-5">
        <input
          type="checkbox"
          className="size-5 accent-brand"
          checked={member.isActive}
          disabled={change.isPending}
          aria-label={t('staff.activeOf', { name: member.name })}
          onChange={(event) => change.mutate({ kind: 'change', id: member._id, body: { isActive: event.target.checked } })}
        />
        <span aria-hidden="true">{t('staff.active')}</span>
      </label>
      <div className="min-w-0 lg:pt-5">
        <PasswordReset member={member} />
      </div>
      {error ? (
        <p role="alert" className="text-xs text-danger lg:col-span-4">
          {error}
        </p>
      ) : null}
    </li>
  )
}

/** Staff accounts: add one with a first password, change its role, switch it off (its sessions end). */
export function StaffScreen() {
  const { t } = useTranslation(['shop', 'common', 'validation'])
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<typeof staffAccountsReply>('/admin/staff', { signal }).then((d) => d.staff),
  })
  const create = useStaffChange()
  const loadError = useErrorMessage(list.error)
  const createError = useErrorMessage(create.error)
  const empty = { name: '', email: '', password: '', role: 'agent' as StaffRole }
  const [problem, setProblem] = useState('')
  const [values, setValues] = useState(empty)
  const fieldError = (field: string) =>
    field === 'password' && problem
      ? t(problem as 'validation:invalid')
      : create.error instanceof ApiError
        ? create.error.fieldErrors.find((e) => e.field === field)?.message
        : undefined

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const rule = passwordProblem(values.password)
    setProblem(rule)
    if (rule) return
    try {
      await create.mutateAsync({ kind: 'create', body: { ...values, name: values.name.trim(), email: values.email.trim() } })
      setValues(empty)
    } catch {
      // shown below
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('staff.title')}</h1>
      <SectionCard title={t('staff.new')}>
        <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextField label={t('staff.name')} name="name" value={values.name} error={fieldError('name')} onChange={(e) => setValues({ ...values, name: e.target.value })} />
          <TextField label={t('staff.email')} name="email" type="email" inputMode="email" dir="ltr" value={values.email} error={fieldError('email')} onChange={(e) => setValues({ ...values, email: e.target.value })} />
          <TextField label={t('staff.password')} name="password" type="password" autoComplete="new-password" value={values.password} error={fieldError('password')} onChange={(e) => setValues({ ...values, password: e.target.value })} />
          <SelectField
            label={t('staff.role')}
            value={values.role}
            onChange={(e) => setValues({ ...values, role: e.target.value as StaffRole })}
            options={STAFF_ROLES.map((role) => ({ value: role, label: t(`common:staff.role.${role}`) }))}
          />
          <div>
            <button type="submit" disabled={create.isPending} className={buttonClass('primary')}>
              {t('staff.create')}
            </button>
          </div>
        </form>
        <p className="mt-2 text-xs text-muted">{t('staff.passwordHint')}</p>
        <p className="mt-1 text-xs text-muted">{t('staff.roleHint')}</p>
        <div className="mt-2">
          <FormMessage tone="error">{createError}</FormMessage>
        </div>
      </SectionCard>
      {list.data ? (
        <ul aria-label={t('staff.title')} className="flex flex-col gap-2">
          {list.data.map((member) => (
            <StaffRow key={`${member._id}:${member.role}:${member.isActive}`} member={member} />
          ))}
        </ul>
      ) : list.isError ? (
        <ErrorState title={t('staff.loadError')} message={loadError} onRetry={() => void list.refetch()} />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-40" />
        </div>
      )}
    </div>
  )
}
