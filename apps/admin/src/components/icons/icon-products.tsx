import type { IconProps } from './icon-props.ts'

export function IconProducts({ className = 'size-5' }: IconProps) {
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
      <path d="M3 16c3 0 5-1 7-4l2 2c1 1 3 2 5 2h4v3H3zM10 12l1-3" />
    </svg>
  )
}
