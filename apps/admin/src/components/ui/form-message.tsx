export interface FormMessageProps {
  tone: 'error' | 'success'
  children: string
}

/** The outcome of a form under it: an error is announced at once (alert), a success politely (status). */
export function FormMessage({ tone, children }: FormMessageProps) {
  if (!children) return null
  return tone === 'error' ? (
    <p role="alert" className="rounded-md border border-danger/30 bg-white px-3 py-2 text-sm text-danger">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-md bg-brand-soft px-3 py-2 text-sm text-brand">
      {children}
    </p>
  )
}
