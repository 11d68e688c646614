import type { DraftBody } from '@shop/shared'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { DRAFT_MIN_INTERVAL_MS, DRAFT_SAVE_DELAY_MS, type DraftFields, draftOf, useDraftSaver } from './quick-order-draft.ts'

const FIELDS: DraftFields = {
  productId: '6f1c2e0a-1111-4222-8333-944455556666',
  variant: { _id: '7a1c2e0a-1111-4222-8333-944455556666', size: '41', color: 'black' },
  quantity: 2,
  firstName: 'Nadia',
  lastName: '',
  phone: '0661 23 45 67',
  wilaya: '16',
  commune: '1601',
  locale: 'ar',
}

describe('the draft of a quick order', () => {
  test('needs a product, a name and a valid Algerian mobile (the checkout rule)', () => {
    expect(draftOf(FIELDS)).toEqual({
      productId: FIELDS.productId,
      variantId: FIELDS.variant?._id,
      size: '41',
      color: 'black',
      quantity: 2,
      firstName: 'Nadia',
      lastName: '',
      phone: '0661234567',
      wilayaCode: 16,
      communeId: 1601,
      locale: 'ar',
    })
    expect(draftOf({ ...FIELDS, phone: '0661 23 45' })).toBeNull()
    expect(draftOf({ ...FIELDS, phone: '021 23 45 67' })).toBeNull()
    expect(draftOf({ ...FIELDS, firstName: ' ' })).toBeNull()
    expect(draftOf({ ...FIELDS, productId: null })).toBeNull()
    // no variant chosen yet and no place: still worth a call
    expect(draftOf({ ...FIELDS, variant: null, wilaya: '', commune: '' })).toMatchObject({ variantId: null, size: null, wilayaCode: null, communeId: null })
  })
})

describe('saving the draft', () => {
  const fetchMock = vi.fn(async () => new Response('{}'))
  const beacon = vi.fn(() => true)
  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('fetch', fetchMock)
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true })
    fetchMock.mockClear()
    beacon.mockClear()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const sentBodies = () => fetchMock.mock.calls.map((call) => JSON.parse(String((call as unknown as [string, RequestInit])[1].body)) as DraftBody)

  test('no request per keystroke: one save after the typing pauses, none before the phone is valid', () => {
    const { rerender } = renderHook(({ fields }) => useDraftSaver(draftOf(fields)), { initialProps: { fields: { ...FIELDS, phone: '06' } } })
    for (const phone of ['066', '0661', '06612', '066123', '0661234', '06612345', '066123456', '0661234567']) {
      rerender({ fields: { ...FIELDS, phone } })
      act(() => vi.advanceTimersByTime(300))
    }
    expect(fetchMock).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0 as never]).toBe('/api/v1/drafts')
    expect(sentBodies()[0]?.phone).toBe('0661234567')
    // nothing changed: nothing sent again
    act(() => vi.advanceTimersByTime(60_000))
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  test('at most one save every few seconds while the shopper keeps changing things', () => {
    const { rerender } = renderHook(({ fields }) => useDraftSaver(draftOf(fields)), { initialProps: { fields: FIELDS } })
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    rerender({ fields: { ...FIELDS, quantity: 3 } })
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    act(() => vi.advanceTimersByTime(DRAFT_MIN_INTERVAL_MS))
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(sentBodies()[1]?.quantity).toBe(3)
  })

  test('leaving the page sends what was not saved yet with a beacon, once', () => {
    renderHook(() => useDraftSaver(draftOf(FIELDS)))
    act(() => {
      window.dispatchEvent(new Event('pagehide'))
    })
    expect(beacon).toHaveBeenCalledTimes(1)
    expect(beacon.mock.calls[0]?.[0 as never]).toBe('/api/v1/drafts')
    act(() => {
      window.dispatchEvent(new Event('pagehide'))
      vi.advanceTimersByTime(60_000)
    })
    expect(beacon).toHaveBeenCalledTimes(1)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('an invalid phone is never sent, even when leaving', () => {
    const { unmount } = renderHook(() => useDraftSaver(draftOf({ ...FIELDS, phone: '12345' })))
    act(() => {
      window.dispatchEvent(new Event('pagehide'))
    })
    unmount()
    expect(beacon).not.toHaveBeenCalled()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('once the order is placed nothing is sent, not even as the page goes', () => {
    const { result, unmount } = renderHook(() => useDraftSaver(draftOf(FIELDS)))
    result.current()
    act(() => {
      window.dispatchEvent(new Event('pagehide'))
      vi.advanceTimersByTime(60_000)
    })
    unmount()
    expect(beacon).not.toHaveBeenCalled()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
