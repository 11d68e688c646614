/**
 * What a shopper typed or chose in the server's HTML before the scripts arrived (on a slow phone the quick-order
 * form is on screen seconds before it answers to React). React hydrates a field with the value it holds, the
 * server's, and the next render of the form would write that value back over a name or a phone typed meanwhile.
 * So the text fields and lists that differ from the HTML's own values are read just before hydrating and typed
 * again once hydrated, through the events React listens to, so each form's state takes them (and its checks run).
 * Radio buttons and checkboxes are left as React holds them.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

export interface TypedField {
  /** The form's place among the page's forms, and the field's name in it (fields are found again by these). */
  form: number
  name: string
  /** What the shopper left in it: the text, or the chosen option of a list. */
  value: string
}

function isChoice(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')
}

/** The value the HTML gave a field (its `value` attribute, its text, its `selected` option). */
function htmlValue(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    const chosen = [...field.options].find((option) => option.defaultSelected) ?? field.options[0]
    return chosen?.value ?? ''
  }
  return field.defaultValue
}

export function readTypedFields(doc: Document): TypedField[] {
  const typed: TypedField[] = []
  ;[...doc.forms].forEach((form, index) => {
    for (const element of form.elements) {
      const field = element as Field
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) continue
      if (!field.name || field.disabled || (field instanceof HTMLInputElement && (field.type === 'hidden' || field.type === 'file'))) continue
      if (isChoice(field)) continue
      if (field.value !== htmlValue(field)) {
        typed.push({ form: index, name: field.name, value: field.value })
      }
    }
  })
  return typed
}

/** Sets a field's value past React's own record of it, then tells React as a shopper's input would. */
function typeInto(field: Field, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
}

export function giveBackTypedFields(doc: Document, typed: TypedField[]): void {
  for (const entry of typed) {
    const field = [...(doc.forms[entry.form]?.elements ?? [])].find((element) => (element as Field).name === entry.name) as Field | undefined
    if (!field || isChoice(field)) continue
    // React recorded the typed value when it hydrated the field, so typing it once would change nothing in its
    // eyes: the HTML's value first, then the shopper's
    typeInto(field, htmlValue(field))
    typeInto(field, entry.value)
  }
}

let kept: TypedField[] = []

/** Before hydrating (app/start.tsx). */
export function keepTypedFields(doc: Document): void {
  kept = readTypedFields(doc)
}

/** Once hydrated (RootLayout): the kept fields, given back once. */
export function giveBackKeptFields(doc: Document): void {
  const fields = kept
  kept = []
  giveBackTypedFields(doc, fields)
}
