import { can, type Permission, PERMISSIONS } from '@shop/shared'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { useStaff } from '../../lib/use-staff.ts'

export interface RoleGateProps {
  /** The shared permission the screen needs (the API checks the same one). */
  permission: Permission
  children: ReactNode
}

/**
 * A screen only some roles may use: staff whose role lacks the permission and open the address by
 * hand are told so plainly (the owner's screens say they are the owner's).
 */
export function RoleGate({ permission, children }: RoleGateProps) {
  const { t } = useTranslation()
  const staff = useStaff()
  const role = staff.data?.role
  if (can(role, permission)) return children
  const isOwners = PERMISSIONS[permission].length === 1
  const title = isOwners ? t('ownerOnly.title') : t('notForRole.title')
  return (
    <div className="flex max-w-md flex-col items-start gap-3">
      <PageTitle page={title} />
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="text-sm text-muted">
        {isOwners ? t('ownerOnly.message') : t('notForRole.message', { role: role ? t(`staff.role.${role}`) : '' })}
      </p>
      <Link to="/" className={buttonClass('secondary', 'mt-2')}>
        {t('actions.goHome')}
      </Link>
    </div>
  )
}
