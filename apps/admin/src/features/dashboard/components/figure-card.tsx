import { Link } from 'react-router'

export interface FigureCardProps {
  label: string
  value: string
  hint?: string
  /** Draws the eye: work is waiting behind this figure. */
  isHighlighted?: boolean
  /** The orders behind the figure: the whole card opens that filtered list. */
  to?: string
}

/**
 * One figure of the day as a row of a <dl>: the label at the start, the figure at the end. With `to`, the label
 * is a link stretched over the card, so the card opens the orders it counts.
 */
export function FigureCard({ label, value, hint, isHighlighted = false, to }: FigureCardProps) {
  return (
    <div
      className={`relative flex items-center justify-between gap-3 rounded-lg border bg-white px-4 py-3 ${isHighlighted ? 'border-brand ring-1 ring-brand' : 'border-line'} ${to ? 'hover:border-brand focus-within:ring-2 focus-within:ring-brand' : ''}`}
    >
      <dt className="text-sm font-medium">
        {to ? (
          <Link to={to} className="underline-offset-2 after:absolute after:inset-0 after:content-[''] hover:underline focus:outline-none">
            {label}
          </Link>
        ) : (
          label
        )}
        {hint ? <span className="block text-xs font-normal text-muted">{hint}</span> : null}
      </dt>
      <dd className="text-end text-xl font-bold whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  )
}
