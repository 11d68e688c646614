import { useTranslation } from 'react-i18next'
import { buttonClass } from './button-class.ts'

export interface PaginationProps {
  page: number
  totalPages: number
  onPage: (page: number) => void
}

/** Previous / "page 2 of 40" / next; the list itself stays server-paginated, so thousands of rows stay fast. */
export function Pagination({ page, totalPages, onPage }: PaginationProps) {
  const { t } = useTranslation()
  if (totalPages <= 1) return null
  return (
    <nav aria-label={t('pagination.label')} className="flex items-center justify-between gap-3 py-3">
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pagination.previous')}
      </button>
      <p className="text-sm text-muted" aria-live="polite">
        {t('pagination.status', { page, totalPages })}
      </p>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t('pagination.next')}
      </button>
    </nav>
  )
}
