import { afterEach, describe, expect, test, vi } from 'vitest'
import { createPixels, type PixelEnvironment, type PixelIds, purchaseEventId, VIEW_CONTENT_DELAY_MS } from './pixels.ts'

type Win = Window & { fbq?: ((...args: unknown[]) => void) & { queue?: unknown[][] }; ttq?: unknown[] }

function setup(ids: PixelIds) {
  let idle: (() => void) | null = null
  const win = {} as Win
  const env: PixelEnvironment = {
    fetchIds: vi.fn(async () => ids),
    injectScript: vi.fn(),
    whenIdle: (callback) => {
      idle = callback
    },
    win,
  }
  const pixels = createPixels(env)
  return {
    pixels,
    env,
    win,
    /** The page became idle: the ids are fetched and the scripts added. */
    async becomeIdle() {
      idle?.()
      await vi.waitFor(() => expect(pixels.state).not.toBe('loading'))
    },
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('ad pixels', () => {
  test('events sent before the pixels load are queued, then replayed in order with DZD values', async () => {
    const { pixels, env, win, becomeIdle } = setup({ facebook: ['1234567890'], tiktok: ['CABCDE12345'] })
    pixels.start()
    pixels.track('PageView')
    pixels.track('AddToCart', { contentIds: ['p-1'], value: 5400, quantity: 1 })
    expect(env.injectScript).not.toHaveBeenCalled()
    expect(win.fbq).toBeUndefined()

    await becomeIdle()
    expect(pixels.state).toBe('ready')
    expect(env.injectScript).toHaveBeenCalledWith('https://connect.facebook.net/en_US/fbevents.js')
    expect(env.injectScript).toHaveBeenCalledWith(
      'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=CABCDE12345&lib=ttq',
    )
    // Facebook's stub keeps the calls until its script arrives: init, then the replayed events.
    expect(win.fbq?.queue).toEqual([
      ['init', '1234567890'],
      ['track', 'PageView', {}],
      ['track', 'AddToCart', { value: 5400, currency: 'DZD', content_ids: ['p-1'], content_type: 'product', num_items: 1 }],
    ])
    expect([...(win.ttq ?? [])]).toEqual([
      ['page'],
      ['track', 'AddToCart', expect.objectContaining({ value: 5400, currency: 'DZD', content_type: 'product' })],
    ])

    // After loading, events go straight through.
    pixels.track('Purchase', { value: 5900, orderId: 'o-1' })
    expect(win.fbq?.queue?.at(-1)).toEqual(['track', 'Purchase', { value: 5900, currency: 'DZD' }, { eventID: 'o-1' }])
    expect([...(win.ttq ?? [])].at(-1)).toEqual(['track', 'CompletePayment', { value: 5900, currency: 'DZD' }, { event_id: 'o-1' }])
  })

  test('with no pixel configured nothing is loaded and the queue is dropped', async () => {
    const { pixels, env, win, becomeIdle } = setup({ facebook: [], tiktok: [] })
    pixels.start()
    pixels.track('PageView')
    await becomeIdle()
    expect(pixels.state).toBe('off')
    pixels.track('Search', { searchString: 'derby' })
    expect(env.injectScript).not.toHaveBeenCalled()
    expect(win.fbq).toBeUndefined()
    expect(win.ttq).toBeUndefined()
  })

  test('ids that are not pixel ids are ignored (nothing planted in a script URL)', async () => {
    const { pixels, env, becomeIdle } = setup({ facebook: ['"><script>'], tiktok: ['x'] })
    pixels.start()
    await becomeIdle()
    expect(pixels.state).toBe('off')
    expect(env.injectScript).not.toHaveBeenCalled()
  })

  test('view-content is sent 100 ms after it is asked for', async () => {
    vi.useFakeTimers()
    const { pixels, win, becomeIdle } = setup({ facebook: ['1234567890'], tiktok: [] })
    pixels.start()
    vi.useRealTimers()
    await becomeIdle()
    vi.useFakeTimers()
    pixels.track('ViewContent', { contentIds: ['p-1'], value: 5400 })
    expect(win.fbq?.queue).toHaveLength(1)
    vi.advanceTimersByTime(VIEW_CONTENT_DELAY_MS)
    expect(win.fbq?.queue?.at(-1)).toEqual([
      'track',
      'ViewContent',
      { value: 5400, currency: 'DZD', content_ids: ['p-1'], content_type: 'product' },
    ])
  })

  test('a Purchase carries its event id to both platforms (given, or the order id), queued or not', async () => {
    const { pixels, win, becomeIdle } = setup({ facebook: ['1234567890'], tiktok: ['CABCDE12345'] })
    pixels.start()
    pixels.track('InitiateCheckout', { contentIds: ['p-1', 'p-2'], value: 9800, quantity: 2 })
    pixels.track('Purchase', { value: 9460, orderId: 'order-1', eventId: purchaseEventId({ _id: 'order-1' }) })
    await becomeIdle()
    pixels.track('Purchase', { value: 5900, orderId: 'order-2', eventId: 'custom-2' })
    expect(win.fbq?.queue?.slice(1)).toEqual([
      ['track', 'InitiateCheckout', { value: 9800, currency: 'DZD', content_ids: ['p-1', 'p-2'], content_type: 'product', num_items: 2 }],
      ['track', 'Purchase', { value: 9460, currency: 'DZD' }, { eventID: 'order-1' }],
      ['track', 'Purchase', { value: 5900, currency: 'DZD' }, { eventID: 'custom-2' }],
    ])
    const tiktok = [...(win.ttq ?? [])] as unknown[][]
    expect(tiktok.filter((call) => call[1] === 'CompletePayment').map((call) => call[3])).toEqual([
      { event_id: 'order-1' },
      { event_id: 'custom-2' },
    ])
    // Other events carry no event id.
    expect(tiktok.find((call) => call[1] === 'InitiateCheckout')).toHaveLength(3)
  })

  test('where the server counts the purchase at confirmation, the browser sends "order placed" with the server\'s event id, and never a purchase', async () => {
    // Facebook has a server-side token, TikTok does not
    const { pixels, win, becomeIdle } = setup({ facebook: ['1234567890'], tiktok: ['CABCDE12345'], serverEvents: { facebook: true, tiktok: false } })
    pixels.start()
    await becomeIdle()
    pixels.track('Purchase', { value: 9460, orderId: 'order-1', eventId: purchaseEventId({ _id: 'order-1' }), trackingNumber: 'KH-7QX2' })
    const facebook = win.fbq?.queue ?? []
    expect(facebook).toContainEqual(['trackCustom', 'OrderPlaced', { value: 9460, currency: 'DZD' }, { eventID: 'placed-KH-7QX2' }])
    expect(facebook.some((call) => call[1] === 'Purchase')).toBe(false)
    // TikTok, without a token, still counts the purchase in the browser
    expect([...(win.ttq ?? [])]).toContainEqual(['track', 'CompletePayment', expect.objectContaining({ value: 9460 }), { event_id: 'order-1' }])
  })

  test('TikTok with a server-side token gets PlaceAnOrder at placement', async () => {
    const { pixels, win, becomeIdle } = setup({ facebook: [], tiktok: ['CABCDE12345'], serverEvents: { facebook: false, tiktok: true } })
    pixels.start()
    await becomeIdle()
    pixels.track('Purchase', { value: 5000, orderId: 'order-2', trackingNumber: 'KH-9ZZ1' })
    const tiktok = [...(win.ttq ?? [])] as unknown[][]
    expect(tiktok).toContainEqual(['track', 'PlaceAnOrder', expect.objectContaining({ value: 5000, currency: 'DZD' }), { event_id: 'placed-KH-9ZZ1' }])
    expect(tiktok.some((call) => call[1] === 'CompletePayment')).toBe(false)
  })
})
