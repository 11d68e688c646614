import type { ReactNode } from 'react'

export interface FieldControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

export interface FormFieldProps {
  id: string
  label: string
  /** Already translated; shown under the control and announced with it. */
  error?: string
  hint?: ReactNode
  /** Adds "(optional)" style text after the label, translated by the caller. */
  labelSuffix?: string
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

/** A visible label, the control, then its hint and error under it, wired for screen readers. */
export function FormField({ id, label, error, hint, labelSuffix, className = '', children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {labelSuffix ? <span className="ms-1 font-normal text-muted">{labelSuffix}</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        // a div: a hint may hold its own paragraphs (the password strength meter)
        <div id={hintId} className="text-xs text-muted">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-sale">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** Inputs, selects and text areas share one look; 44 px tall for thumbs. */
export const INPUT_CLASS =
  'min-h-11 w-full rounded-md border border-ink/25 bg-white px-3 text-base text-ink placeholder:text-muted/80 aria-invalid:border-sale disabled:bg-surface disabled:text-muted'
