import { type couponCheckReply, type couponRemovedReply, normalizeCouponCode, type removeCouponBody, type validateCouponBody } from '@shop/shared'
import { useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { ApiError, api } from '../../../lib/api.ts'

/** docs/storefront-spec.md §9: validation waits for 3 characters and 800 ms without typing; the applied message lasts 3 s. */
export const COUPON_MIN_LENGTH = 3
export const COUPON_DEBOUNCE_MS = 800
export const COUPON_APPLIED_MESSAGE_MS = 3000

export type CouponState =
  | { status: 'idle' }
  | { status: 'validating' }
  | { status: 'valid'; discount: number }
  | { status: 'error'; reason: CouponErrorReason; message: string; minOrderAmount?: number }
  | { status: 'applied'; code: string; discount: number }
  /** Right after the shopper took an applied code off. */
  | { status: 'removed'; code: string }

export type CouponErrorReason = 'invalid' | 'expired' | 'limit' | 'alreadyUsed' | 'minOrder' | 'failed'

function reasonOf(error: unknown): CouponErrorReason {
  if (!(error instanceof ApiError)) return 'failed'
  switch (error.code) {
    case 'COUPON_EXPIRED':
      return 'expired'
    case 'COUPON_LIMIT_REACHED':
      return 'limit'
    case 'COUPON_ALREADY_USED':
      return 'alreadyUsed'
    case 'COUPON_MIN_ORDER':
      return 'minOrder'
    case 'COUPON_UNKNOWN':
    case 'COUPON_INACTIVE':
    case 'NOT_FOUND':
    case 'VALIDATION_FAILED':
      return 'invalid'
    default:
      return 'failed'
  }
}

/**
 * The coupon box's state machine: idle → validating → valid | error, then applied; typing again clears
 * any earlier result. `orderAmount` is the subtotal the discount is computed on.
 */
export function useCoupon(orderAmount: number, phone?: string, initialInput = '') {
  const [input, setInput] = useState(() => normalizeCouponCode(initialInput))
  const [state, setState] = useState<CouponState>({ status: 'idle' })
  const [showApplied, setShowApplied] = useState(false)
  const code = normalizeCouponCode(input)
  // Read when the timer fires: a change of amount or phone alone does not restart the check.
  const latest = useRef({ orderAmount, phone })
  latest.current = { orderAmount, phone }

  // Only a new code starts (or restarts) a check: the state changes it makes (validating, valid, error,
  // applied) must not cancel the request they are waiting for.
  useEffect(() => {
    if (code.length < COUPON_MIN_LENGTH) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setState({ status: 'validating' })
      const { orderAmount: amount, phone: typedPhone } = latest.current
      api<typeof couponCheckReply>('/coupons/client/validate', {
        method: 'POST',
        body: { code, orderAmount: amount, phone: typedPhone || undefined } satisfies z.input<typeof validateCouponBody>,
        signal: controller.signal,
      })
        .then((data) => {
          if (!controller.signal.aborted) setState({ status: 'valid', discount: data.orderSummary.discountAmount })
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          const minOrder = error instanceof ApiError ? (error.data as { minOrderAmount?: unknown } | undefined)?.minOrderAmount : undefined
          setState({
            status: 'error',
            reason: reasonOf(error),
            message: error instanceof ApiError ? error.message : '',
            ...(typeof minOrder === 'number' ? { minOrderAmount: minOrder } : {}),
          })
        })
    }, COUPON_DEBOUNCE_MS)
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [code])

  useEffect(() => {
    if (!showApplied) return
    const timer = setTimeout(() => setShowApplied(false), COUPON_APPLIED_MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [showApplied])

  return {
    input,
    code,
    state,
    showApplied,
    /** Upper-cased, letters and digits only, as the shopper types; any earlier result is cleared. */
    setInput: (raw: string) => {
      const next = normalizeCouponCode(raw)
      // A keystroke that normalising removes (a space, a dash) changes nothing: the result stands.
      if (next === input) return
      setInput(next)
      setState({ status: 'idle' })
    },
    /** Only a validated code can be applied. */
    apply: (): boolean => {
      if (state.status !== 'valid') return false
      setState({ status: 'applied', code, discount: state.discount })
      setShowApplied(true)
      return true
    },
    remove: () => {
      if (state.status === 'applied') {
        // Nothing is reserved before the order exists; the call only tells the server, failures do not matter.
        const body = { couponCode: state.code } satisfies z.input<typeof removeCouponBody>
        void api<typeof couponRemovedReply>('/coupons/client/remove', { method: 'DELETE', body }).catch(() => undefined)
      }
      setInput('')
      setState(state.status === 'applied' ? { status: 'removed', code: state.code } : { status: 'idle' })
      setShowApplied(false)
    },
  }
}

export type CouponController = ReturnType<typeof useCoupon>
