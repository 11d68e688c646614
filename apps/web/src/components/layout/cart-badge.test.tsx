import { render, screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { CartBadge, formatBadgeCount } from './cart-badge.tsx'

describe('cart badge', () => {
  test('shows the count up to 9', () => {
    render(<CartBadge count={9} />)
    expect(screen.getByText('9')).toBeTruthy()
  })

  test('shows 9+ above 9', () => {
    render(<CartBadge count={10} />)
    expect(screen.getByText('9+')).toBeTruthy()
    expect(formatBadgeCount(250)).toBe('9+')
  })

  test('is absent when the cart is empty', () => {
    const { container } = render(<CartBadge count={0} />)
    expect(container.textContent).toBe('')
  })
})

describe('cart badge while the cart loads', () => {
  test('shows a spinner, not a count or the empty state', () => {
    const { container } = render(<CartBadge count={0} loading />)
    expect(screen.getByTestId('cart-badge-loading')).toBeTruthy()
    expect(container.textContent).toBe('')
  })
})
