import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ForgotPassword } from './forgot-password.tsx'
import { LoginForm } from './login-form.tsx'
import { SignupForm } from './signup-form.tsx'

export type AuthTab = 'login' | 'register'

export interface AuthPanelProps {
  initialTab?: AuthTab
  /** Called once the shopper is signed in. */
  onSignedIn: () => void
}

/** Login and sign-up tabs (plus the forgot-password flow), used by /login, /auth/* and the header's modal. */
export function AuthPanel({ initialTab = 'login', onSignedIn }: AuthPanelProps) {
  const { t } = useTranslation('account')
  const [tab, setTab] = useState<AuthTab>(initialTab)
  const [forgot, setForgot] = useState(false)

  if (forgot) return <ForgotPassword onDone={() => setForgot(false)} />

  const tabClass = (active: boolean) =>
    `flex-1 min-h-11 border-b-2 font-semibold ${active ? 'border-brand text-ink' : 'border-transparent text-muted'}`
  return (
    <div className="flex flex-col gap-5">
      <div role="tablist" aria-label={t('tabs.label')} className="flex border-b border-line">
        <button type="button" role="tab" id="tab-login" aria-selected={tab === 'login'} aria-controls="panel-auth" className={tabClass(tab === 'login')} onClick={() => setTab('login')}>
          {t('tabs.login')}
        </button>
        <button type="button" role="tab" id="tab-register" aria-selected={tab === 'register'} aria-controls="panel-auth" className={tabClass(tab === 'register')} onClick={() => setTab('register')}>
          {t('tabs.register')}
        </button>
      </div>
      <div role="tabpanel" id="panel-auth" aria-labelledby={tab === 'login' ? 'tab-login' : 'tab-register'}>
        {tab === 'login' ? (
          <LoginForm onDone={onSignedIn} onForgot={() => setForgot(true)} />
        ) : (
          <SignupForm onDone={(signedIn) => (signedIn ? onSignedIn() : setTab('login'))} />
        )}
      </div>
    </div>
  )
}
