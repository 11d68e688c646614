import { type InputHTMLAttributes, useId } from 'react'

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> {
  label: string
}

export function CheckboxField({ label, ...input }: CheckboxFieldProps) {
  const id = useId()
  return (
    <div className="flex min-h-11 items-center gap-2 lg:min-h-9">
      <input id={id} type="checkbox" className="size-5 accent-brand" {...input} />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  )
}
