import { type ReactNode, useId } from 'react'

export interface SectionCardProps {
  title: string
  children: ReactNode
  actions?: ReactNode
  className?: string
}

/** A titled white block of a detail page; the title names the region for screen readers. */
export function SectionCard({ title, children, actions, className = '' }: SectionCardProps) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-line bg-white p-4 ${className}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  )
}
