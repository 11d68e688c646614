import type { IconProps } from './icon-props.ts'

/** An arrow leaving a door towards the end edge: give it `rtl:-scale-x-100` so it mirrors in Arabic. */
export function IconSignOut({ className = 'size-5' }: IconProps) {
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
      <path d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4M14 8l4 4-4 4M18 12H8" />
    </svg>
  )
}
