import type { StaffMember, StaffRole } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { IconSignOut } from '../../../components/icons/icon-sign-out.tsx'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useSignOut } from '../api/use-sign-out.ts'

const ROLE_TONE = {
  owner: 'bg-brand-soft text-brand',
  manager: 'bg-white text-ink',
  agent: 'bg-white text-muted',
} as const satisfies Record<StaffRole, string>

export interface StaffAccountProps {
  staff: StaffMember
  /** Closes the phone drawer when the account link is followed. */
  onNavigate?: () => void
}

/** Who is signed in (name, e-mail, role) and the sign-out button. */
export function StaffAccount({ staff, onNavigate }: StaffAccountProps) {
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
      <Link to="/account" onClick={onNavigate} className="text-sm font-medium text-brand underline-offset-2 hover:underline">
        {t('staff.account')}
      </Link>
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
