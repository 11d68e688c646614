import type { IconProps } from './icon-props.ts'

export function IconBanners({ className = 'size-5' }: IconProps) {
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
      <path d="M3 5h18v14H3zM3 15l5-5 4 4 3-3 6 6" />
    </svg>
  )
}
