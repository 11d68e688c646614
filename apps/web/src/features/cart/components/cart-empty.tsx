import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { IconBag } from '../../../components/icons/icon-bag.tsx'

export interface CartEmptyProps {
  onNavigate?: () => void
}

export function CartEmpty({ onNavigate }: CartEmptyProps) {
  const { t } = useTranslation('cart')
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
      <IconBag className="size-10 text-muted" />
      <p className="text-lg font-semibold">{t('empty.title')}</p>
      <p className="text-sm text-muted">{t('empty.text')}</p>
      <Link to="/collection" onClick={onNavigate} className={buttonClass('primary', 'mt-2')}>
        {t('empty.cta')}
      </Link>
    </div>
  )
}
