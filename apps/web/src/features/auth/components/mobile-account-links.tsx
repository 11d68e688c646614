import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { useAuth } from '../../../lib/auth-state.ts'
import { useLogout } from '../api/use-auth-actions.ts'

export interface MobileAccountLinksProps {
  onNavigate: () => void
}

/** The phone menu's account part: profile and orders when signed in, sign-in and sign-up buttons otherwise. */
export function MobileAccountLinks({ onNavigate }: MobileAccountLinksProps) {
  const { t } = useTranslation(['account', 'pages'])
  const { status, user } = useAuth()
  const logout = useLogout()
  if (status === 'unknown') return null
  if (status === 'anonymous' || !user) {
    return (
      <div className="grid grid-cols-2 gap-2">
        <Link to="/login" onClick={onNavigate} className={buttonClass('primary', 'px-3')}>
          {t('pages:mobile.signIn')}
        </Link>
        <Link to="/auth/register" onClick={onNavigate} className={buttonClass('secondary', 'px-3')}>
          {t('pages:mobile.signUp')}
        </Link>
      </div>
    )
  }
  const link = 'flex min-h-12 items-center border-b border-line px-1 text-lg font-medium'
  return (
    <div className="flex flex-col">
      <p className="pb-2 text-sm text-muted">{user.name || user.email}</p>
      <Link to="/profile" onClick={onNavigate} className={link}>
        {t('menu.profile')}
      </Link>
      <Link to="/orders" onClick={onNavigate} className={link}>
        {t('menu.orders')}
      </Link>
      <button
        type="button"
        className={`${link} text-start text-sale`}
        onClick={() => {
          onNavigate()
          logout.mutate()
        }}
      >
        {t('menu.signOut')}
      </button>
    </div>
  )
}
