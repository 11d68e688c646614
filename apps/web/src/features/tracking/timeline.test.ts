import { describe, expect, test } from 'vitest'
import { progressOf, timelineStates } from './timeline.ts'

const states = (status: string) => timelineStates(status).map((step) => `${step.key}:${step.state}`)

describe('tracking timeline', () => {
  test('"En cours" is the step right after the last completed one, not the one after next', () => {
    expect(states('pending')).toEqual([
      'pending:completed',
      'processing:current',
      'shipped:pending',
      'out_for_delivery:pending',
      'delivered:pending',
    ])
    expect(states('shipped')).toEqual([
      'pending:completed',
      'processing:completed',
      'shipped:completed',
      'out_for_delivery:current',
      'delivered:pending',
    ])
  })

  test('a confirmed order has preparation as the current step', () => {
    expect(states('confirmed').slice(0, 2)).toEqual(['pending:completed', 'processing:current'])
  })

  test('a delivered order has every step done and none current', () => {
    expect(states('delivered').every((step) => step.endsWith(':completed'))).toBe(true)
  })

  test('cancelled and deleted orders keep only the first step and cancel the rest', () => {
    for (const status of ['cancelled', 'deleted', 'Supprimée']) {
      expect(states(status)).toEqual([
        'pending:completed',
        'processing:cancelled',
        'shipped:cancelled',
        'out_for_delivery:cancelled',
        'delivered:cancelled',
      ])
    }
  })

  test('progress values follow the spec, in lower or French forms', () => {
    expect(progressOf('pending')).toBe(10)
    expect(progressOf('En Préparation')).toBe(30)
    expect(progressOf('out_for_delivery')).toBe(80)
    expect(progressOf('cancelled')).toBe(0)
    expect(progressOf('something-else')).toBe(0)
  })
})
