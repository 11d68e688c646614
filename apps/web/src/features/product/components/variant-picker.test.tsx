import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, test } from 'vitest'
import { createI18n } from '../../../lib/i18n.ts'
import { ALL_LANGUAGES } from '../../../test/all-languages.ts'
import type { ProductVariant } from '@shop/shared'
import { VariantPicker } from './variant-picker.tsx'

const VARIANTS: ProductVariant[] = [
  { _id: 'v-1', size: '40', color: 'Moutarde', colorHex: '#d4a017', stock: 2 },
  { _id: 'v-2', size: '41', color: 'Moutarde', colorHex: '#d4a017', stock: 1 },
  { _id: 'v-3', size: '40', color: 'navy', stock: 3 },
]

function swatchOf(name: string): string {
  const button = screen.getByRole('radio', { name })
  return (button.querySelector('span[aria-hidden="true"]') as HTMLElement).style.backgroundColor
}

describe('variant picker swatches', () => {
  test("a colour the shop named itself shows its own swatch and name; a palette colour keeps the palette's", () => {
    render(
      <I18nextProvider i18n={createI18n('fr', ALL_LANGUAGES)}>
        <VariantPicker variants={VARIANTS} choice={{ color: 'Moutarde', size: null }} onPickColor={() => {}} onPickSize={() => {}} />
      </I18nextProvider>,
    )
    expect(swatchOf('Moutarde')).toMatch(/^(#d4a017|rgb\(212, 160, 23\))$/)
    expect(swatchOf('Bleu marine')).toMatch(/^(#1f2a44|rgb\(31, 42, 68\))$/)
  })
})
