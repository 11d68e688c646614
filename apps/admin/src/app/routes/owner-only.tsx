import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { useStaff } from '../../features/auth/api/use-staff.ts'

export interface OwnerOnlyProps {
  children: ReactNode
}

/** Screens of the shop's owner (settings, pixels, staff): staff who open the address are told so plainly. */
export function OwnerOnly({ children }: OwnerOnlyProps) {
  const { t } = useTranslation()
  const staff = useStaff()
  if (staff.data?.role === 'owner') return children
  return (
    <div className="flex max-w-md flex-col items-start gap-3">
      <PageTitle page={t('ownerOnly.title')} />
      <h1 className="text-xl font-bold">{t('ownerOnly.title')}</h1>
      <p className="text-sm text-muted">{t('ownerOnly.message')}</p>
      <Link to="/" className={buttonClass('secondary', 'mt-2')}>
        {t('actions.goHome')}
      </Link>
    </div>
  )
}
