export interface FigureCardProps {
  label: string
  value: string
  hint?: string
  /** Draws the eye: work is waiting behind this figure. */
  isHighlighted?: boolean
}

/** One figure of the day as a row of a <dl>: the label at the start, the figure at the end. */
export function FigureCard({ label, value, hint, isHighlighted = false }: FigureCardProps) {
  return (
    <div
      className={`flex items-center justify-between gap-3 rounded-lg border bg-white px-4 py-3 ${isHighlighted ? 'border-brand ring-1 ring-brand' : 'border-line'}`}
    >
      <dt className="text-sm font-medium">
        {label}
        {hint ? <span className="block text-xs font-normal text-muted">{hint}</span> : null}
      </dt>
      <dd className="text-end text-xl font-bold whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  )
}
