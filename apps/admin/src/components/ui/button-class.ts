const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 lg:min-h-9'

const VARIANTS = {
  primary: 'bg-brand text-on-brand hover:bg-brand-strong',
  secondary: 'border border-ink/20 text-ink hover:bg-surface',
  ghost: 'text-ink hover:bg-ink/5',
} as const

export type ButtonVariant = keyof typeof VARIANTS

/**
 * Classes of a button, shared by <button> and router links that look like one. 44 px tall on phones
 * (a thumb), 36 px on a laptop with a mouse, where the back office wants density.
 */
export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${BASE} ${VARIANTS[variant]} ${extra}`.trim()
}
