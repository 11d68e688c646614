const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 text-base font-semibold transition-colors disabled:opacity-60'

const VARIANTS = {
  primary: 'bg-brand text-on-brand hover:bg-brand-strong',
  secondary: 'border border-ink/20 text-ink hover:bg-surface',
} as const

export type ButtonVariant = keyof typeof VARIANTS

/** Classes of a button, shared by <button> and router links that look like one. */
export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${BASE} ${VARIANTS[variant]} ${extra}`.trim()
}
