import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { IconChevronEnd } from '../../../components/icons/icon-chevron-end.tsx'

export interface PaginationProps {
  currentPage: number
  totalPages: number
  /** The link of a page (query string included), so every page is a real, shareable URL. */
  hrefFor: (page: number) => string
}

/** 1 … 4 5 6 … 20: the first, the last and the neighbours of the current page. */
export function pageWindow(current: number, total: number): (number | 'gap')[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total))
  const sorted = [...pages].sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  for (const page of sorted) {
    const last = out[out.length - 1]
    if (typeof last === 'number' && page - last === 2) out.push(last + 1)
    else if (typeof last === 'number' && page - last > 2) out.push('gap')
    out.push(page)
  }
  return out
}

/** The end-pointing chevron turned around: points to the start of the line in both directions. */
function IconChevronStart() {
  return (
    <span className="inline-flex -scale-x-100">
      <IconChevronEnd />
    </span>
  )
}

const ITEM =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-3 text-sm font-semibold'

export function Pagination({ currentPage, totalPages, hrefFor }: PaginationProps) {
  const { t } = useTranslation('catalogue')
  if (totalPages <= 1) return null
  const hasPrevious = currentPage > 1
  const hasNext = currentPage < totalPages
  return (
    <nav aria-label={t('pagination.label')} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {hasPrevious ? (
            <Link to={hrefFor(currentPage - 1)} className={`${ITEM} hover:bg-surface`} rel="prev">
              <IconChevronStart />
              <span>{t('pagination.previous')}</span>
            </Link>
          ) : (
            <span className={`${ITEM} text-muted opacity-60`} aria-disabled="true">
              <IconChevronStart />
              <span>{t('pagination.previous')}</span>
            </span>
          )}
        </li>
        {pageWindow(currentPage, totalPages).map((page, index) =>
          page === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, fixed positions
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={hrefFor(page)}
                aria-label={t('pagination.page', { page })}
                aria-current={page === currentPage ? 'page' : undefined}
                className={`${ITEM} hover:bg-surface aria-[current=page]:bg-ink aria-[current=page]:text-paper`}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        <li>
          {hasNext ? (
            <Link to={hrefFor(currentPage + 1)} className={`${ITEM} hover:bg-surface`} rel="next">
              <span>{t('pagination.next')}</span>
              <IconChevronEnd />
            </Link>
          ) : (
            <span className={`${ITEM} text-muted opacity-60`} aria-disabled="true">
              <span>{t('pagination.next')}</span>
              <IconChevronEnd />
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
