import { passwordStrength } from '@shop/shared'
import { useTranslation } from 'react-i18next'

export interface PasswordStrengthProps {
  password: string
}

const COLORS = ['bg-line', 'bg-sale', 'bg-sale/70', 'bg-brand/60', 'bg-brand'] as const

/** Advice, never a rule (docs/decisions.md, Accounts and security): the only rule is 8+ characters and not a common password. */
export function PasswordStrength({ password }: PasswordStrengthProps) {
  const { t } = useTranslation('account')
  if (!password) return <p className="text-xs text-muted">{t('password.tip')}</p>
  const score = passwordStrength(password)
  return (
    <div className="flex flex-col gap-1">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={`h-1.5 flex-1 rounded-full ${step <= score ? COLORS[score] : 'bg-line'}`} />
        ))}
      </div>
      <p className="text-xs text-muted">
        {t('password.strengthLabel', { level: t(`password.strength${score}`) })} · {t('password.tip')}
      </p>
    </div>
  )
}
