import type { IconProps } from './icon-props.ts'

export function IconOrders({ className = 'size-5' }: IconProps) {
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
      <path d="M6 3h9l3 3v15H6zM9 9h6M9 13h6M9 17h4" />
    </svg>
  )
}
