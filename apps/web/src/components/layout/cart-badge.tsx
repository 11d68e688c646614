export interface CartBadgeProps {
  count: number
  /** The cart has not answered yet: a spinner, never the empty state. */
  loading?: boolean
}

/** Above 9 the badge says "9+": two characters always fit in the circle. */
export function formatBadgeCount(count: number): string {
  return count > 9 ? '9+' : String(Math.max(0, Math.floor(count)))
}

export function CartBadge({ count, loading = false }: CartBadgeProps) {
  if (loading) {
    return (
      <span
        aria-hidden="true"
        data-testid="cart-badge-loading"
        className="absolute -end-0.5 -top-0.5 size-4 rounded-full border-2 border-brand border-t-transparent motion-safe:animate-spin"
      />
    )
  }
  if (count <= 0) return null
  return (
    <span
      aria-hidden="true"
      className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-xs font-bold text-on-brand"
    >
      {formatBadgeCount(count)}
    </span>
  )
}
