import type { CourierFailure } from '@shop/shared'
import { fold } from './http.ts'

/**
 * The couriers' failure reasons (French, as Yalidine's histories and the Ecotrack engine write them), in the
 * store's words. Matched on folded text (no accents, lowercase) and on a part of the sentence, because the
 * couriers' agents type them with variations ("Client ne répond pas", "client ne repond pas (3 appels)").
 */
const FAILURE_PATTERNS: [string, CourierFailure][] = [
  ['faux numero', 'wrong_number'],
  ['numero errone', 'wrong_number'],
  ['ne repond pas', 'no_answer'],
  ['injoignable', 'no_answer'],
  ['annule par le client', 'cancelled_by_customer'],
  ['commande double', 'duplicate'],
  ["n'a pas commande", 'not_ordered'],
  ['incapable de payer', 'unable_to_pay'],
  ['commune erronee', 'wrong_commune'],
  ['refus', 'refused'],
]

/** null when there is no reason; `other` for a reason the store does not know. */
export function failureOf(reason: string | null | undefined): CourierFailure | null {
  if (reason === null || reason === undefined || reason.trim() === '') return null
  const folded = fold(reason)
  for (const [pattern, failure] of FAILURE_PATTERNS) {
    if (folded.includes(pattern)) return failure
  }
  return 'other'
}
