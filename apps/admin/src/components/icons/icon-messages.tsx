import type { IconProps } from './icon-props.ts'

export function IconMessages({ className = 'size-5' }: IconProps) {
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
      <path d="M4 5h16v11H9l-5 4zM8 9h8M8 12h5" />
    </svg>
  )
}
