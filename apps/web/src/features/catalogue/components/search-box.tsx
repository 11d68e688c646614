import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Results follow the typing after a short pause; Enter applies at once. */
export const SEARCH_APPLY_DELAY_MS = 400
/** docs/storefront-spec.md §5: a search is reported to the ad pixels after a 1 s pause, from 3 characters. */
export const SEARCH_TRACK_DELAY_MS = 1000
export const SEARCH_TRACK_MIN_LENGTH = 3

export interface SearchBoxProps {
  /** The search in the URL. */
  value: string
  onSearch: (term: string) => void
  /** Called once per settled term of 3 characters or more. */
  onTrack?: (term: string) => void
  autoFocus?: boolean
}

export function SearchBox({ value, onSearch, onTrack, autoFocus = false }: SearchBoxProps) {
  const { t } = useTranslation('catalogue')
  const id = useId()
  const [draft, setDraft] = useState(value)
  const [applied, setApplied] = useState(value)
  const lastTracked = useRef<string | null>(null)

  // The URL changed from outside (clear filters, back button): show what it says.
  if (value !== applied) {
    setApplied(value)
    setDraft(value)
  }

  const term = draft.trim()

  useEffect(() => {
    if (term === value) return
    const timer = setTimeout(() => onSearch(term), SEARCH_APPLY_DELAY_MS)
    return () => clearTimeout(timer)
  }, [term, value, onSearch])

  useEffect(() => {
    if (!onTrack || term.length < SEARCH_TRACK_MIN_LENGTH || term === lastTracked.current) return
    const timer = setTimeout(() => {
      lastTracked.current = term
      onTrack(term)
    }, SEARCH_TRACK_DELAY_MS)
    return () => clearTimeout(timer)
  }, [term, onTrack])

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        if (term !== value) onSearch(term)
      }}
      className="w-full"
    >
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <div className="relative">
        <svg
          className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={100}
          // biome-ignore lint/a11y/noAutofocus: only when the shopper came from the header's search button
          autoFocus={autoFocus}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('search.placeholder')}
          className="min-h-12 w-full rounded-md border border-line bg-white ps-10 pe-3 text-base placeholder:text-muted"
        />
      </div>
    </form>
  )
}
