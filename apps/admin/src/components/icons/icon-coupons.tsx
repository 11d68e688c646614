import type { IconProps } from './icon-props.ts'

export function IconCoupons({ className = 'size-5' }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M3 8V6h18v2a2 2 0 0 0 0 4v2a2 2 0 0 0 0 4v0H3v-4a2 2 0 0 0 0-4zM9 9l6 6M9.5 15h0M14.5 9h0" />
    </svg>
  )
}
