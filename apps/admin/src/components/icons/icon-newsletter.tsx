import type { IconProps } from './icon-props.ts'

export function IconNewsletter({ className = 'size-5' }: IconProps) {
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
      <path d="M3 6h18v12H3zM3 7l9 6 9-6" />
    </svg>
  )
}
