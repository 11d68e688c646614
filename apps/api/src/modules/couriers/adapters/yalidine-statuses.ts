import type { PayoutStatus, ShipmentStatus } from '@shop/shared'
import { fold } from './http.ts'

/**
 * Yalidine's parcel statuses (French, as its histories and webhooks write them) in the store's words.
 * Exact names first, then the families ("Reçu par ...", "Retour ...").
 */
const EXACT: Record<string, ShipmentStatus> = {
  'en preparation': 'pending',
  'pas encore expedie': 'pending',
  'a verifier': 'pending',
  'pas encore ramasse': 'pending',
  'pret a expedier': 'pending',
  ramasse: 'picked_up',
  expedie: 'in_transit',
  centre: 'in_transit',
  'vers wilaya': 'in_transit',
  transfert: 'in_transit',
  'recu a wilaya': 'in_transit',
  'en localisation': 'in_transit',
  'pret pour livreur': 'in_transit',
  debloque: 'in_transit',
  bloque: 'exception',
  'en alerte': 'exception',
  'sorti en livraison': 'out_for_delivery',
  'en attente du client': 'ready_for_pickup',
  'au bureau': 'ready_for_pickup',
  'tentative echouee': 'failed_delivery',
  'echec livraison': 'failed_delivery',
  'echec de livraison': 'failed_delivery',
  'echange echoue': 'failed_delivery',
  'retourne au vendeur': 'returned',
  'retour recu': 'returned',
  livre: 'delivered',
  annule: 'cancelled',
}

export function yalidineStatus(raw: string): ShipmentStatus {
  const folded = fold(raw)
  const exact = EXACT[folded]
  if (exact !== undefined) return exact
  if (folded.startsWith('recu par')) return 'picked_up'
  if (folded.startsWith('retourne au vendeur') || folded.startsWith('retour recu')) return 'returned'
  if (folded.startsWith('retour')) return 'returning'
  if (folded.startsWith('livre ')) return 'delivered'
  return 'unknown'
}

const PAYOUT: Record<string, PayoutStatus> = {
  'not-ready': 'not_ready',
  ready: 'ready',
  receivable: 'receivable',
  payed: 'paid',
  paid: 'paid',
}

export function yalidinePayout(raw: string | null | undefined): PayoutStatus | null {
  if (raw === null || raw === undefined) return null
  return PAYOUT[raw.trim().toLowerCase()] ?? null
}
