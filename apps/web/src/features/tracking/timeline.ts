/**
 * The tracking progress timeline. docs/storefront-spec.md §4 gives each status a progress value; docs/decisions.md (Tracking) changes one rule:
 * the step marked "En cours" is the one right after the last completed step (the spec's formula marked
 * the step after next).
 */

export const TIMELINE_STEPS = [
  { key: 'pending', progress: 10 },
  { key: 'processing', progress: 30 },
  { key: 'shipped', progress: 60 },
  { key: 'out_for_delivery', progress: 80 },
  { key: 'delivered', progress: 100 },
] as const

export type TimelineStepKey = (typeof TIMELINE_STEPS)[number]['key']
export type StepState = 'completed' | 'current' | 'pending' | 'cancelled'

const PROGRESS: Record<string, number> = {
  pending: 10,
  // Confirmed by the call, not yet in preparation: "received" is done, preparation is next.
  confirmed: 20,
  processing: 30,
  shipped: 60,
  out_for_delivery: 80,
  delivered: 100,
  // A returned parcel went out but never arrived for good.
  returned: 60,
  cancelled: 0,
  deleted: 0,
}

const FINAL = new Set(['delivered', 'cancelled', 'deleted', 'returned'])
const STOPPED = new Set(['cancelled', 'deleted'])

export function normalizeStatus(status: string): string {
  const lower = status.toLowerCase().trim()
  if (lower === 'en préparation' || lower === 'en preparation') return 'processing'
  if (lower === 'supprimée' || lower === 'supprimee') return 'deleted'
  return lower
}

export function progressOf(status: string): number {
  return PROGRESS[normalizeStatus(status)] ?? 0
}

export function isStopped(status: string): boolean {
  return STOPPED.has(normalizeStatus(status))
}

export function timelineStates(status: string): { key: TimelineStepKey; state: StepState }[] {
  const normalized = normalizeStatus(status)
  if (STOPPED.has(normalized)) {
    return TIMELINE_STEPS.map((step) => ({ key: step.key, state: step.progress <= 10 ? 'completed' : 'cancelled' }))
  }
  const progress = progressOf(normalized)
  const isFinal = FINAL.has(normalized)
  let currentMarked = false
  return TIMELINE_STEPS.map((step) => {
    if (step.progress <= progress) return { key: step.key, state: 'completed' as const }
    if (!isFinal && !currentMarked) {
      currentMarked = true
      return { key: step.key, state: 'current' as const }
    }
    return { key: step.key, state: 'pending' as const }
  })
}
