const TH = 'sticky top-0 z-10 border-b border-line bg-surface px-3 py-2 text-xs font-semibold text-muted'
const TD = 'border-b border-line/70 px-3 py-2 align-middle'
// Figures: right-aligned in French, left-aligned in Arabic. Kept apart from `text-start` rather than added
// on top of it: two text-align utilities on one element resolve by stylesheet order, not class order.
const FIGURE = 'text-end tabular-nums'

/** The back office's dense tables; heads stick to the top of their scrolling box. */
export const tableClasses = {
  box: 'overflow-auto rounded-lg border border-line bg-white',
  table: 'w-full border-collapse text-sm',
  th: `${TH} text-start`,
  thFigure: `${TH} ${FIGURE}`,
  td: `${TD} text-start`,
  tdFigure: `${TD} ${FIGURE}`,
} as const
