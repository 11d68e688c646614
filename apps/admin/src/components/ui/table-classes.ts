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

/**
 * The same tables as cards on phones (below 768 px): the head row is kept for screen readers only, each row
 * is a block whose cells wrap onto lines, so no control sits beyond the screen's width and nothing has to
 * be dragged sideways. From 768 px up they are the dense tables above.
 */
export const cardTableClasses = {
  box: 'rounded-lg border border-line bg-white md:overflow-auto',
  table: 'w-full border-collapse text-sm max-md:block',
  thead: 'max-md:sr-only',
  tbody: 'max-md:block max-md:divide-y max-md:divide-line',
  tr: 'max-md:flex max-md:flex-wrap max-md:items-end max-md:gap-x-3 max-md:gap-y-2 max-md:p-3',
  th: `${TH} text-start`,
  thFigure: `${TH} ${FIGURE}`,
  td: `${TD} text-start max-md:border-0 max-md:p-0`,
  tdFigure: `${TD} ${FIGURE} max-md:border-0 max-md:p-0`,
  /** A cell that takes a whole line of the card. */
  full: 'max-md:basis-full',
  /** The column's name above a cell's content, on phones only (the head row is hidden there). */
  label: 'mb-1 block text-xs text-muted md:hidden',
} as const
