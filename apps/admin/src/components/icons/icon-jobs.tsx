import type { IconProps } from './icon-props.ts'

/** Background jobs: a clock with a circular arrow (work that runs later, and again). */
export function IconJobs({ className = 'size-5' }: IconProps) {
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
      <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4M12 8v4l3 2" />
    </svg>
  )
}
