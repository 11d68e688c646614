import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { HERO_IMAGE_SIZES, PRODUCT_GALLERY_SIZES } from './storefront-html.ts'

// The preload in the page's <head> and the <img> the storefront draws must pick the same file from the
// same srcset: a different `sizes` downloads the picture twice on the page's most important paint.
const webSource = (file: string) => readFileSync(new URL(`../../../../web/src/${file}`, import.meta.url), 'utf8')
const constant = (source: string, name: string) => new RegExp(`export const ${name} =\\s*'([^']+)'`).exec(source)?.[1]

test("the product photo's preload uses the gallery's sizes", () => {
  assert.equal(constant(webSource('features/product/components/product-gallery.tsx'), 'GALLERY_MAIN_SIZES'), PRODUCT_GALLERY_SIZES)
})

test("the home banner's preload uses the hero slide's sizes", () => {
  assert.equal(constant(webSource('features/marketing/components/hero-slide.tsx'), 'HERO_IMAGE_SIZES'), HERO_IMAGE_SIZES)
})
