// Facebook and TikTok pixels. Nothing is downloaded unless staff configured an id; the scripts load
// after the page is interactive and never block it. Events sent before that are queued and replayed
// once the pixel ids are known (and dropped when there are none). Values are in dinars for both.

export type PixelEvent = 'PageView' | 'ViewContent' | 'AddToCart' | 'InitiateCheckout' | 'Purchase' | 'Search'

export interface PixelParams {
  /** Whole dinars. */
  value?: number
  contentIds?: string[]
  contentName?: string
  quantity?: number
  /** Search events. */
  searchString?: string
  /** Purchase: the order's id. Also its event id when `eventId` is not given. */
  orderId?: string
  /**
   * Purchase: the order's tracking number. Where the shop sends the purchase from its server at confirmation
   * (`serverEvents`), the browser sends "order placed" instead, with the event id `placed-<tracking>`.
   */
  trackingNumber?: string
  /**
   * Sent as Facebook's eventID and TikTok's event_id, so a server-side event for the same action can be
   * deduplicated against this one. Purchase uses `purchaseEventId(order)` (the default when only
   * `orderId` is given).
   */
  eventId?: string
}

/** The event id of an order's Purchase: the same for the cart checkout, the quick order and any server-side event. */
export function purchaseEventId(order: { _id: string }): string {
  return order._id
}

/** The server's "order placed" event id, the same in the browser and on the server (modules/pixels/conversions.ts). */
export function placedEventId(trackingNumber: string): string {
  return `placed-${trackingNumber}`
}

export interface PixelIds {
  facebook: string[]
  tiktok: string[]
  /** The platforms whose purchase the server sends at confirmation (an access token is set). */
  serverEvents?: { facebook: boolean; tiktok: boolean }
}

export const PIXEL_CURRENCY = 'DZD'
/** docs/storefront-spec.md §4: view-content is sent 100 ms after the page asks, once the product is on screen. */
export const VIEW_CONTENT_DELAY_MS = 100

// Ids go into script URLs and init calls: anything but the documented shape is ignored.
const PIXEL_ID = /^[A-Za-z0-9_-]{5,64}$/

type Command = (...args: unknown[]) => void

interface PixelWindow {
  fbq?: Command & { queue?: unknown[]; callMethod?: Command; loaded?: boolean; version?: string; push?: Command }
  _fbq?: unknown
  ttq?: unknown[] & Record<string, unknown>
  TiktokAnalyticsObject?: string
}

export interface PixelEnvironment {
  fetchIds: () => Promise<PixelIds>
  /** Adds an async <script> to the page. */
  injectScript: (src: string) => void
  /** Runs the callback once the page is interactive and idle. */
  whenIdle: (callback: () => void) => void
  win: Window
}

const TIKTOK_METHODS = ['page', 'track', 'identify', 'instances', 'debug', 'on', 'off', 'once', 'ready', 'alias', 'group', 'enableCookie', 'disableCookie']

/** The platforms' own loader stubs: calls made before their script arrives are kept by them. */
function installFacebook(env: PixelEnvironment, ids: string[]): Command {
  const w = env.win as unknown as PixelWindow
  if (!w.fbq) {
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args)
      else fbq.queue?.push(args)
    } as NonNullable<PixelWindow['fbq']>
    fbq.queue = []
    fbq.loaded = true
    fbq.version = '2.0'
    fbq.push = fbq
    w.fbq = fbq
    w._fbq ??= fbq
    env.injectScript('https://connect.facebook.net/en_US/fbevents.js')
  }
  const fbq = w.fbq
  for (const id of ids) fbq('init', id)
  return (...args) => w.fbq?.(...args)
}

function installTiktok(env: PixelEnvironment, ids: string[]): Command {
  const w = env.win as unknown as PixelWindow
  if (!w.ttq) {
    w.TiktokAnalyticsObject = 'ttq'
    const ttq = [] as unknown as NonNullable<PixelWindow['ttq']>
    for (const method of TIKTOK_METHODS) {
      ttq[method] = (...args: unknown[]) => {
        ttq.push([method, ...args])
      }
    }
    w.ttq = ttq
  }
  const ttq = w.ttq as NonNullable<PixelWindow['ttq']>
  const base = 'https://analytics.tiktok.com/i18n/pixel/events.js'
  // What TikTok's own ttq.load(id) records before its script arrives: the script reads these to start each pixel.
  const instances = (ttq._i ??= {}) as Record<string, unknown[] & { _u?: string }>
  const times = (ttq._t ??= {}) as Record<string, number>
  const pixelOptions = (ttq._o ??= {}) as Record<string, object>
  for (const id of ids) {
    instances[id] = Object.assign([], { _u: base })
    times[id] = Date.now()
    pixelOptions[id] = {}
    env.injectScript(`${base}?sdkid=${encodeURIComponent(id)}&lib=ttq`)
  }
  return (method, ...args) => {
    const fn = w.ttq?.[String(method)]
    if (typeof fn === 'function') fn(...args)
  }
}

function facebookPayload(params: PixelParams): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (params.value !== undefined) Object.assign(out, { value: params.value, currency: PIXEL_CURRENCY })
  if (params.contentIds) Object.assign(out, { content_ids: params.contentIds, content_type: 'product' })
  if (params.contentName) out.content_name = params.contentName
  if (params.quantity !== undefined) out.num_items = params.quantity
  if (params.searchString) out.search_string = params.searchString
  return out
}

function tiktokPayload(params: PixelParams): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (params.value !== undefined) Object.assign(out, { value: params.value, currency: PIXEL_CURRENCY })
  if (params.contentIds) {
    out.contents = params.contentIds.map((id) => ({ content_id: id, content_name: params.contentName, quantity: params.quantity ?? 1 }))
    out.content_type = 'product'
  }
  if (params.searchString) out.query = params.searchString
  return out
}

const TIKTOK_EVENT: Record<Exclude<PixelEvent, 'PageView'>, string> = {
  ViewContent: 'ViewContent',
  AddToCart: 'AddToCart',
  InitiateCheckout: 'InitiateCheckout',
  Purchase: 'CompletePayment',
  Search: 'Search',
}

export interface Pixels {
  track: (event: PixelEvent, params?: PixelParams) => void
  /** Fetches the ids when the page is idle and loads the configured scripts. Safe to call more than once. */
  start: () => void
  /** 'idle' before start, 'loading', then 'ready' (scripts added) or 'off' (no id configured). */
  readonly state: 'idle' | 'loading' | 'ready' | 'off'
}

export function createPixels(env: PixelEnvironment): Pixels {
  let state: Pixels['state'] = 'idle'
  let queue: [PixelEvent, PixelParams][] = []
  let send: ((event: PixelEvent, params: PixelParams) => void) | null = null

  const deliver = (event: PixelEvent, params: PixelParams) => {
    if (state === 'ready' && send) send(event, params)
    else if (state === 'idle' || state === 'loading') queue.push([event, params])
    // 'off': no pixel is configured, nothing is kept.
  }

  const load = async () => {
    let ids: PixelIds
    try {
      ids = await env.fetchIds()
    } catch {
      ids = { facebook: [], tiktok: [] }
    }
    const facebook = [...new Set(ids.facebook.filter((id) => PIXEL_ID.test(id)))]
    const tiktok = [...new Set(ids.tiktok.filter((id) => PIXEL_ID.test(id)))]
    if (facebook.length === 0 && tiktok.length === 0) {
      state = 'off'
      queue = []
      return
    }
    const fb = facebook.length ? installFacebook(env, facebook) : null
    const tt = tiktok.length ? installTiktok(env, tiktok) : null
    // a purchase the server counts at confirmation is "order placed" in the browser (never a purchase at placement)
    const placed = (platform: 'facebook' | 'tiktok', event: PixelEvent, params: PixelParams) =>
      event === 'Purchase' && ids.serverEvents?.[platform] === true && params.trackingNumber !== undefined
    send = (event, params) => {
      const eventId = params.eventId ?? (event === 'Purchase' ? params.orderId : undefined)
      if (fb) {
        if (placed('facebook', event, params)) fb('trackCustom', 'OrderPlaced', facebookPayload(params), { eventID: placedEventId(params.trackingNumber as string) })
        else if (eventId) fb('track', event, facebookPayload(params), { eventID: eventId })
        else fb('track', event, facebookPayload(params))
      }
      if (tt) {
        if (event === 'PageView') tt('page')
        else if (placed('tiktok', event, params)) tt('track', 'PlaceAnOrder', tiktokPayload(params), { event_id: placedEventId(params.trackingNumber as string) })
        else if (eventId) tt('track', TIKTOK_EVENT[event], tiktokPayload(params), { event_id: eventId })
        else tt('track', TIKTOK_EVENT[event], tiktokPayload(params))
      }
    }
    state = 'ready'
    const pending = queue
    queue = []
    for (const [event, params] of pending) send(event, params)
  }

  return {
    get state() {
      return state
    },
    track(event, params = {}) {
      if (event === 'ViewContent') setTimeout(() => deliver(event, params), VIEW_CONTENT_DELAY_MS)
      else deliver(event, params)
    },
    start() {
      if (state !== 'idle') return
      state = 'loading'
      env.whenIdle(() => void load())
    },
  }
}
