import { afterEach, describe, expect, test } from 'vitest'
import { giveBackTypedFields, readTypedFields } from './typed-before-hydration.ts'

afterEach(() => {
  document.body.replaceChildren()
})

function page() {
  // the server's HTML of two forms, as a document fragment
  document.body.replaceChildren(document.createRange().createContextualFragment(`
    <form><input name="q" value=""></form>
    <form>
      <input name="firstName" value="">
      <input name="lastName" value="Benali">
      <input type="tel" name="phone" value="">
      <input type="hidden" name="productId" value="p1">
      <input type="radio" name="delivery" value="home" checked><input type="radio" name="delivery" value="desk">
      <select name="wilaya"><option value="">-</option><option value="16">Alger</option></select>
      <textarea name="notes"></textarea>
      <input name="email" value="" disabled>
    </form>`),
  )
  return document.forms[1] as HTMLFormElement
}

const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement

describe('what was typed before hydration', () => {
  test('is the text fields and lists whose value differs from the HTML, by form and name', () => {
    const form = page()
    field(form, 'firstName').value = 'أمين'
    field(form, 'lastName').value = 'Benali'
    ;(form.elements.namedItem('wilaya') as HTMLSelectElement).value = '16'
    ;(form.elements.namedItem('notes') as HTMLTextAreaElement).value = 'Après 17 h'
    ;(form.elements.namedItem('productId') as HTMLInputElement).value = 'p2'
    ;(form.querySelector('input[value="desk"]') as HTMLInputElement).checked = true
    expect(readTypedFields(document)).toEqual([
      { form: 1, name: 'firstName', value: 'أمين' },
      { form: 1, name: 'wilaya', value: '16' },
      { form: 1, name: 'notes', value: 'Après 17 h' },
    ])
  })

  test('is typed again into the same fields, through input and change events', () => {
    const form = page()
    const events: string[] = []
    form.addEventListener('input', (event) => events.push(`input ${(event.target as HTMLInputElement).name}=${(event.target as HTMLInputElement).value}`))
    form.addEventListener('change', (event) => events.push(`change ${(event.target as HTMLSelectElement).name}=${(event.target as HTMLSelectElement).value}`))
    giveBackTypedFields(document, [
      { form: 1, name: 'phone', value: '0661234567' },
      { form: 1, name: 'wilaya', value: '16' },
      { form: 5, name: 'phone', value: 'no such form' },
      { form: 1, name: 'nothing', value: 'no such field' },
    ])
    expect(field(form, 'phone').value).toBe('0661234567')
    expect((form.elements.namedItem('wilaya') as HTMLSelectElement).value).toBe('16')
    // the HTML's value first, so React sees a change even though it recorded the typed value when hydrating
    expect(events).toEqual(['input phone=', 'input phone=0661234567', 'change wilaya=', 'change wilaya=16'])
  })
})
