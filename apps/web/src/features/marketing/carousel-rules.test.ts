import { describe, expect, test } from 'vitest'
import { moveForKey, squareCropPosition, stepForSwipe, textSide, wrapIndex } from './carousel-rules.ts'

describe('carousel rules', () => {
  test('arrow keys follow the reading direction; Home and End go to the ends', () => {
    expect(moveForKey('ArrowLeft', 'rtl')).toEqual({ kind: 'step', by: 1 })
    expect(moveForKey('ArrowRight', 'rtl')).toEqual({ kind: 'step', by: -1 })
    expect(moveForKey('ArrowRight', 'ltr')).toEqual({ kind: 'step', by: 1 })
    expect(moveForKey('ArrowLeft', 'ltr')).toEqual({ kind: 'step', by: -1 })
    expect(moveForKey('Home', 'rtl')).toEqual({ kind: 'to', index: 'first' })
    expect(moveForKey('End', 'ltr')).toEqual({ kind: 'to', index: 'last' })
    expect(moveForKey('Enter', 'ltr')).toBeNull()
  })

  test('a swipe is more than 50 px and mostly sideways; against the reading direction it shows the next', () => {
    expect(stepForSwipe(-50, 0, 'ltr')).toBe(0)
    expect(stepForSwipe(-51, 0, 'ltr')).toBe(1)
    expect(stepForSwipe(80, 0, 'ltr')).toBe(-1)
    expect(stepForSwipe(80, 0, 'rtl')).toBe(1)
    expect(stepForSwipe(-80, 0, 'rtl')).toBe(-1)
    expect(stepForSwipe(60, 90, 'rtl')).toBe(0)
  })

  test('the index goes round at both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0)
    expect(wrapIndex(-1, 3)).toBe(2)
    expect(wrapIndex(1, 0)).toBe(0)
  })

  test('a phone’s square crop centres the subject as far as the picture allows', () => {
    // subject in the middle: the middle of the picture
    expect(squareCropPosition({ x: 50, y: 40 })).toBe('50% 40%')
    // the demo shoe at 76 %: the crop goes to the right edge (plain 76 % would cut the shoe)
    expect(squareCropPosition({ x: 76, y: 64 })).toBe('100% 64%')
    expect(squareCropPosition({ x: 60, y: 50 })).toBe('73% 50%')
    expect(squareCropPosition({ x: 10, y: 50 })).toBe('0% 50%')
    expect(squareCropPosition(undefined)).toBe('50% 50%')
  })

  test('the text sits away from the subject, at the reading start when the subject is central', () => {
    expect(textSide({ x: 76, y: 60 })).toBe('left')
    expect(textSide({ x: 20, y: 60 })).toBe('right')
    expect(textSide({ x: 50, y: 60 })).toBe('start')
    expect(textSide(undefined)).toBe('start')
  })
})
