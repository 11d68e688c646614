/**
 * Testing Library for the storefront's tests, on Preact (vite.config.ts points `@testing-library/react` here).
 *
 * Preact's flavour fires `input` for `fireEvent.change`, since preact/compat listens to `input` for a text
 * field's onChange; but a select's onChange listens to `change`. A browser sends both when a value changes,
 * and so does this `fireEvent.change`, whatever the element.
 */
import { createEvent, fireEvent as preactFireEvent } from '@testing-library/preact'

export * from '@testing-library/preact'

export const fireEvent: typeof preactFireEvent = Object.assign((...args: Parameters<typeof preactFireEvent>) => preactFireEvent(...args), preactFireEvent, {
  change: (element: Document | Element | Window | Node, init?: object) => {
    preactFireEvent.input(element, init)
    // the value is already set by the input event (the field may have rewritten it meanwhile)
    return preactFireEvent(element, createEvent.change(element))
  },
})
