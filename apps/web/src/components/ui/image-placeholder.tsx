export interface ImagePlaceholderProps {
  /** Read by screen readers and shown under the drawing ("No photo yet"). */
  label: string
  /** Hide the text (small cards): the drawing alone says it, the label stays for screen readers. */
  isCompact?: boolean
}

/** Stands in for a product photo that does not exist yet: a drawn shoe on the photo's square. */
export function ImagePlaceholder({ label, isCompact = false }: ImagePlaceholderProps) {
  return (
    <div role="img" aria-label={label} className="flex size-full flex-col items-center justify-center gap-2 bg-surface text-muted">
      <svg viewBox="0 0 64 40" aria-hidden="true" className={isCompact ? 'w-1/3' : 'w-1/4'} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round">
        <path d="M4 30 C3 20 4 10 7 4 L17 4 C19 10 24 13 31 15 C42 18 56 20 59 26 L60 30 Z" />
        <path d="M4 30 H60 V35 H4 Z" />
        <path d="M21 9 L25 6 M25 12 L29 9 M30 14 L34 11" />
      </svg>
      {isCompact ? null : (
        <span aria-hidden="true" className="text-sm">
          {label}
        </span>
      )}
    </div>
  )
}
