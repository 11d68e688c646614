import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { toast } from '../../../components/ui/toast.ts'
import { useAuth } from '../../../lib/auth-state.ts'
import { useLogout } from '../api/use-auth-actions.ts'

// The sign-in forms (and the validation rules they carry) load when the modal first opens, not with every page.
const AuthModal = lazy(async () => ({ default: (await import('./auth-modal.tsx')).AuthModal }))

function IconUser() {
  return (
    <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  )
}

/** The header's account icon: the sign-in modal for guests, a menu (profile, orders, sign out) for clients. */
export function ProfileMenu() {
  const { t } = useTranslation('account')
  const { status, user } = useAuth()
  const logout = useLogout()
  const navigate = useNavigate()
  const [modalOpen, setModalOpen] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!menuOpen) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setMenuOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [menuOpen])

  const button = 'inline-flex size-11 items-center justify-center rounded-md hover:bg-surface'
  if (status !== 'authenticated' || !user) {
    return (
      <>
        <button type="button" aria-label={t('menu.signIn')} aria-haspopup="dialog" className={button} onClick={() => setModalOpen(true)} disabled={status === 'unknown'}>
          <IconUser />
        </button>
        {modalOpen && (
          <Suspense fallback={null}>
            <AuthModal open={modalOpen} onClose={() => setModalOpen(false)} />
          </Suspense>
        )}
      </>
    )
  }

  const item = 'flex min-h-11 w-full items-center px-4 text-start hover:bg-surface'
  return (
    <div ref={root} className="relative">
      <button type="button" aria-label={t('menu.account', { name: user.firstName })} aria-expanded={menuOpen} className={button} onClick={() => setMenuOpen((v) => !v)}>
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand text-sm font-bold text-on-brand">
          {(user.firstName || user.email).charAt(0).toUpperCase()}
        </span>
      </button>
      {menuOpen ? (
        <div className="absolute end-0 top-12 z-30 w-64 overflow-hidden rounded-lg border border-line bg-paper py-2 shadow-lg">
          <div className="border-b border-line px-4 pb-2">
            <p className="font-semibold">{user.name || `${user.firstName} ${user.lastName}`}</p>
            <p className="truncate text-sm text-muted" dir="ltr">
              {user.email}
            </p>
          </div>
          <Link to="/profile" className={item} onClick={() => setMenuOpen(false)}>
            {t('menu.profile')}
          </Link>
          <Link to="/orders" className={item} onClick={() => setMenuOpen(false)}>
            {t('menu.orders')}
          </Link>
          <button
            type="button"
            className={`${item} text-sale`}
            onClick={() => {
              setMenuOpen(false)
              logout.mutate(undefined, {
                onSettled: () => {
                  toast.success(t('menu.signedOut'))
                  void navigate('/')
                },
              })
            }}
          >
            {t('menu.signOut')}
          </button>
        </div>
      ) : null}
    </div>
  )
}
