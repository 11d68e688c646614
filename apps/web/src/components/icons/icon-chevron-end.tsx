import type { IconProps } from './icon-menu.tsx'

/** Points towards the end of the line: drawn for left-to-right, mirrored in Arabic. */
export function IconChevronEnd({ className = 'size-4' }: IconProps) {
  return (
    <svg
      className={`${className} rtl:-scale-x-100`}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M9 6l6 6-6 6" />
    </svg>
  )
}
