/**
 * Matching a courier's place names onto the store's communes (French names, within the wilaya): the couriers
 * spell "Aïn Témouchent", "AIN TEMOUCHENT", "Ain-Temouchent" or "El Kerma"/"Al Kerma". Names are folded to one
 * spelling; an exact folded match wins, then a unique close candidate; two equally good candidates leave the
 * place unmatched for staff to choose.
 */

export interface CommuneName {
  id: number
  nameFr: string
  wilayaCode58: number
}

/** Spellings of the same word in commune names, folded to one. */
const WORD_VARIANTS: Record<string, string> = {
  al: 'el',
  l: 'el',
  ayn: 'ain',
  aine: 'ain',
  oulad: 'ouled',
  borj: 'bordj',
  bourj: 'bordj',
  bni: 'beni',
  om: 'oum',
}

/** Lowercase, accents removed, hyphens, apostrophes and dots as spaces, word variants unified. */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-'’‘`´_.,/()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => WORD_VARIANTS[word] ?? word)
    .join(' ')
}

/** The folded name without spaces and articles: "El Harrach" and "Elharrach" meet here. */
function compactName(folded: string): string {
  const joined = folded
    .split(' ')
    .filter((word) => word !== 'el')
    .join('')
  return folded.startsWith('el') && joined.startsWith('el') && joined.length > 4 ? joined.slice(2) : joined
}

function distance(a: string, b: string): number {
  if (a === b) return 0
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length] ?? Math.max(a.length, b.length)
}

/** The one candidate meeting `test`; null for none or several (ambiguous). */
function only<T>(items: T[], test: (item: T) => boolean): T | null | 'ambiguous' {
  const found = items.filter(test)
  if (found.length === 1) return found[0] ?? null
  return found.length > 1 ? 'ambiguous' : null
}

export interface CommuneMatcher {
  /** The store commune's id for a courier's place name, or null (none, or ambiguous). */
  match(name: string, wilayaCode58: number | null): number | null
}

/** Prepares the communes once (1,541 of them) for the many places of a sync. */
export function createCommuneMatcher(communes: CommuneName[]): CommuneMatcher {
  const prepared = communes.map((c) => {
    const folded = foldName(c.nameFr)
    return { id: c.id, wilaya: c.wilayaCode58, folded, compact: compactName(folded) }
  })
  const byWilaya = new Map<number, typeof prepared>()
  for (const commune of prepared) byWilaya.set(commune.wilaya, [...(byWilaya.get(commune.wilaya) ?? []), commune])

  return {
    match(name, wilayaCode58) {
      const folded = foldName(name)
      if (folded === '') return null
      // without the courier's wilaya, only an exact name that is unique in the whole country is trusted
      const candidates = wilayaCode58 === null ? prepared : (byWilaya.get(wilayaCode58) ?? [])
      const exact = only(candidates, (c) => c.folded === folded)
      if (exact !== null) return exact === 'ambiguous' ? null : exact.id
      if (wilayaCode58 === null) return null
      const compact = compactName(folded)
      const joined = only(candidates, (c) => c.compact === compact)
      if (joined !== null) return joined === 'ambiguous' ? null : joined.id
      // a typo or a transliteration: the closest name, one or two letters apart, when no other is as close
      const allowed = compact.length >= 10 ? 2 : compact.length >= 5 ? 1 : 0
      if (allowed === 0) return null
      let best: { id: number; d: number } | null = null
      let isTie = false
      for (const c of candidates) {
        const d = distance(compact, c.compact)
        if (d > allowed) continue
        if (best === null || d < best.d) {
          best = { id: c.id, d }
          isTie = false
        } else if (d === best.d) {
          isTie = true
        }
      }
      return best !== null && !isTie ? best.id : null
    },
  }
}
