import type { CallOutcome } from '@shop/shared'

/** The call queue's keys: 1-8 for the outcomes in CALL_OUTCOMES order, N for the next order. */
export const OUTCOME_KEYS: Record<CallOutcome, string> = {
  confirmed: '1',
  no_answer: '2',
  busy: '3',
  wrong_number: '4',
  postponed: '5',
  cancelled: '6',
  fake: '7',
  duplicate: '8',
}
export const NEXT_KEY = 'N'

/** A key typed into a field (a cancel reason, a date) is text, not a shortcut; nor is Ctrl+1 or Alt+N. */
export function isShortcutEvent(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return false
  const target = event.target
  if (target instanceof HTMLElement) {
    if (target.isContentEditable) return false
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return false
  }
  return true
}

/** '0551234567' → 'https://wa.me/213551234567?text=…' (wa.me wants the international number without + or 0). */
export function whatsAppLink(phone: string, text: string): string {
  return `https://wa.me/213${phone.replace(/^0/, '')}?text=${encodeURIComponent(text)}`
}

const HOUR = 3_600_000
/** Algeria is UTC+1 all year (no summer time): the shop's evening and morning, whatever the phone's zone. */
const ALGIERS_OFFSET = HOUR

/** `hour` o'clock in Algeria, `days` days after today's date there. */
function algiersAt(now: Date, days: number, hour: number): Date {
  const local = new Date(now.getTime() + ALGIERS_OFFSET)
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, hour) - ALGIERS_OFFSET)
}

/** The postpone picker's quick choices: in one hour, this evening at 18:00 (tomorrow's once it is past 17:00), tomorrow at 10:00. */
export function callbackChoices(now: Date): { inAnHour: Date; thisEvening: Date; tomorrow: Date } {
  const evening = algiersAt(now, 0, 18)
  return {
    inAnHour: new Date(now.getTime() + HOUR),
    thisEvening: evening.getTime() - now.getTime() > HOUR ? evening : algiersAt(now, 1, 18),
    tomorrow: algiersAt(now, 1, 10),
  }
}
