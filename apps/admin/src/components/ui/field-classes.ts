/** Inputs, selects and text areas share one look: 44 px on phones, a visible border, red when invalid. */
export const inputClass =
  'min-h-11 w-full rounded-md border border-ink/25 bg-white px-3 text-base text-ink outline-offset-0 aria-invalid:border-danger lg:min-h-9 lg:text-sm'

export const labelClass = 'text-sm font-medium'
