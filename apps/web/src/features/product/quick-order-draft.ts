import { type DraftBody, type Locale, normalizeDzMobile, PERSON_NAME } from '@shop/shared'
import { useEffect, useRef } from 'react'

// A quick order the shopper filled and left is kept for the shop to call back (POST /drafts). This is the
// ad landing page: no request per keystroke (one save when the typing pauses, at most one every few
// seconds) and one when the page is left (sendBeacon, which survives the page going away).

/** Quiet time after the last change before a save; and the least time between two saves. */
export const DRAFT_SAVE_DELAY_MS = 3000
export const DRAFT_MIN_INTERVAL_MS = 5000
const DRAFT_URL = '/api/v1/drafts'

export interface DraftFields {
  productId: string | null
  variant: { _id: string; size: string; color: string } | null
  quantity: number
  firstName: string
  lastName: string
  phone: string
  wilaya: string
  commune: string
  locale: Locale
}

const place = (value: string): number | null => (/^\d{1,5}$/.test(value) ? Number(value) : null)

/** The draft to keep, or null until there is a product, a name and a valid Algerian mobile (the checkout's rule). */
export function draftOf(fields: DraftFields): DraftBody | null {
  const firstName = fields.firstName.trim()
  const lastName = fields.lastName.trim()
  const phone = normalizeDzMobile(fields.phone)
  if (!fields.productId || !phone || !PERSON_NAME.test(firstName)) return null
  return {
    productId: fields.productId,
    variantId: fields.variant?._id ?? null,
    size: fields.variant?.size ?? null,
    color: fields.variant?.color ?? null,
    quantity: fields.quantity,
    firstName,
    lastName: PERSON_NAME.test(lastName) ? lastName : '',
    phone,
    wilayaCode: place(fields.wilaya),
    communeId: place(fields.commune),
    locale: fields.locale,
  }
}

function send(body: string, leaving: boolean): void {
  try {
    if (leaving && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(DRAFT_URL, new Blob([body], { type: 'application/json' }))) return
    }
    // keepalive: a save still going out when the page closes is not cut off; its reply is not needed
    void fetch(DRAFT_URL, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, credentials: 'same-origin', keepalive: true }).catch(
      () => {},
    )
  } catch {
    // a draft is a courtesy: nothing the shopper sees depends on it
  }
}

/**
 * Saves `draft` when it is valid and changed: after DRAFT_SAVE_DELAY_MS without change (and never sooner
 * than DRAFT_MIN_INTERVAL_MS after the last save), and at once with a beacon when the page is hidden or
 * left. Returns `stop`, called when the order is placed: from then on nothing is sent (the page may be
 * left in the same tick, before another render).
 */
export function useDraftSaver(draft: DraftBody | null): () => void {
  const state = useRef({ pending: null as string | null, sent: null as string | null, lastSentAt: 0, done: false })
  const json = draft && !state.current.done ? JSON.stringify(draft) : null
  state.current.pending = json

  const flush = useRef((leaving: boolean) => {
    const s = state.current
    if (s.done || !s.pending || s.pending === s.sent) return
    s.sent = s.pending
    s.lastSentAt = Date.now()
    send(s.pending, leaving)
  })

  useEffect(() => {
    if (!json) return
    const s = state.current
    if (json === s.sent) return
    const wait = Math.max(DRAFT_SAVE_DELAY_MS, s.lastSentAt + DRAFT_MIN_INTERVAL_MS - Date.now())
    const timer = setTimeout(() => flush.current(false), wait)
    return () => clearTimeout(timer)
  }, [json])

  useEffect(() => {
    const leave = () => flush.current(true)
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave()
    }
    window.addEventListener('pagehide', leave)
    document.addEventListener('visibilitychange', hidden)
    return () => {
      window.removeEventListener('pagehide', leave)
      document.removeEventListener('visibilitychange', hidden)
      // leaving the product page inside the store (another page, not a new document) counts as leaving
      leave()
    }
  }, [])

  return useRef(() => {
    state.current.done = true
  }).current
}
