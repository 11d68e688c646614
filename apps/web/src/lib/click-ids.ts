/**
 * The ad click ids of the landing address (Meta's `fbclid`, TikTok's `ttclid`), kept in first-party cookies so
 * the order placed later (maybe pages later, maybe without scripts) carries them to the server, which sends the
 * purchase to the platform at confirmation (apps/api modules/pixels/conversions.ts reads `click_fbclid` and
 * `click_ttclid`). 28 days: the platforms' longest click attribution window.
 */
const CLICK_ID_COOKIES = { fbclid: 'click_fbclid', ttclid: 'click_ttclid' } as const
const MAX_AGE_S = 28 * 24 * 3600
// what the platforms put there; anything else is not kept
const CLICK_ID = /^[A-Za-z0-9_.-]{1,500}$/

export function keepClickIds(search: string, doc: Pick<Document, 'cookie'>): void {
  const params = new URLSearchParams(search)
  for (const [param, cookie] of Object.entries(CLICK_ID_COOKIES)) {
    const value = params.get(param)
    if (value && CLICK_ID.test(value)) doc.cookie = `${cookie}=${value}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax`
  }
}
