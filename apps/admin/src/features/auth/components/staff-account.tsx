import { useTranslation } from 'react-i18next'
import { IconSignOut } from '../../../components/icons/icon-sign-out.tsx'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useSignOut } from '../api/use-sign-out.ts'
import type { Staff } from '../types.ts'

const ROLE_TONE = {
  owner: 'bg-brand-soft text-brand',
  staff: 'bg-white text-muted',
} as const

export interface StaffAccountProps {
  staff: Staff
}

/** Who is signed in (name, e-mail, role) and the sign-out button. */
export function StaffAccount({ staff }: StaffAccountProps) {
  const { t } = useTranslation()
  const signOut = useSignOut()
  const error = useErrorMessage(signOut.error)
  return (
    <section aria-label={t('staff.label')} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">
            <bdi>{staff.name}</bdi>
          </p>
          <p className="truncate text-xs text-muted">
            <bdi dir="ltr">{staff.email}</bdi>
          </p>
        </div>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${ROLE_TONE[staff.role]}`}>
          {t(`staff.role.${staff.role}`)}
        </span>
      </div>
      <button
        type="button"
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending}
        className={buttonClass('secondary', 'w-full')}
      >
        <IconSignOut className="size-5 rtl:-scale-x-100" />
        {signOut.isPending ? t('actions.signingOut') : t('actions.signOut')}
      </button>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </section>
  )
}
