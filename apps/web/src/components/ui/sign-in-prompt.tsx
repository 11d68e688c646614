import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from './button-class.ts'
import { markSignedOut } from '../../lib/auth-state.ts'

export interface SignInPromptProps {
  /** Where the sign-in brings the shopper back to (a path of this site). */
  redirect: string
}

/** "Please login to continue" with the sign-in button, shown when the API answered 401. */
export function SignInPrompt({ redirect }: SignInPromptProps) {
  const { t } = useTranslation('account')
  const queryClient = useQueryClient()
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-line bg-surface/60 p-6 text-center">
      <p className="text-lg font-semibold">{t('session.required')}</p>
      <Link
        to={`/login?redirect=${encodeURIComponent(redirect)}`}
        // the account the page still believed in is gone: the sign-in page must not send the shopper back
        onClick={() => markSignedOut(queryClient)}
        className={buttonClass('primary')}
      >
        {t('session.signIn')}
      </Link>
    </div>
  )
}
