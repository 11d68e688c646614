import type { PlacedOrder } from '@shop/shared'
import { useQueryClient } from '@tanstack/react-query'

/** The storefront's two order forms that also work as plain HTML forms, before (or without) the scripts. */
export type PageFormName = 'quick-order' | 'checkout'

/**
 * A form the server sent back after a refused plain-HTML submit: what the shopper typed, the API's messages
 * by field (already in the page's language) and a general message. It travels in the page's query cache (key
 * below), so the browser hydrates the same values and errors the server rendered.
 */
export interface PageForm {
  form: PageFormName
  values: Record<string, string>
  errors: Record<string, string>
  message: string | null
}

export const PAGE_FORM_KEY = ['page', 'form'] as const
/** The order a plain-HTML submit placed, read by the server for the thank-you page it redirects to. */
export const PAGE_ORDER_KEY = ['page', 'placed-order'] as const

/** The refused form the server rendered this page with, when it is `name`; null otherwise. */
export function usePageForm(name: PageFormName): PageForm | null {
  const form = useQueryClient().getQueryData<PageForm>(PAGE_FORM_KEY)
  return form?.form === name ? form : null
}

/** The order placed by a plain-HTML form, when the server rendered the thank-you page with it. */
export function usePageOrder(): PlacedOrder | null {
  return useQueryClient().getQueryData<PlacedOrder>(PAGE_ORDER_KEY) ?? null
}
