import { describe, expect, test } from 'vitest'
import { whatsappUrl } from './whatsapp.ts'

describe('WhatsApp link', () => {
  test('a local Algerian mobile gets the 213 prefix', () => {
    expect(whatsappUrl('0555 12 34 56')).toBe('https://wa.me/213555123456')
  })

  test('an international number keeps its digits', () => {
    expect(whatsappUrl('+213 661 23 45 67')).toBe('https://wa.me/213661234567')
    expect(whatsappUrl('00213661234567')).toBe('https://wa.me/213661234567')
  })

  test('something that is not a number gives no link', () => {
    expect(whatsappUrl('n/a')).toBeNull()
  })
})
