import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { colorHex } from '@shop/shared'
import sharp from 'sharp'
import { BANNERS, PRODUCTS } from './catalogue.ts'
import {
  BANNER_IMAGE_WIDTHS,
  demoShots,
  PRODUCT_IMAGE_WIDTHS,
  productImageSvg,
  writeBannerImages,
  writeLogo,
  writeProductImages,
} from './images.ts'

let dir = ''

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'khatwa-images-'))
})

after(async () => {
  await rm(dir, { recursive: true, force: true })
})

function firstProduct(kind: 'shoe' | 'clothing') {
  const product = PRODUCTS.find((p) => p.kind === kind)
  assert.ok(product, `a ${kind} product`)
  return product
}

test('writeProductImages writes one square WebP per width, without metadata', async () => {
  const product = firstProduct('shoe')
  const files = await writeProductImages(product, 0, dir, 'shoe-1')
  assert.deepEqual(
    files,
    PRODUCT_IMAGE_WIDTHS.map((w) => `shoe-1-${w}.webp`),
  )
  assert.deepEqual([...PRODUCT_IMAGE_WIDTHS], [300, 600, 1200])
  for (const [i, file] of files.entries()) {
    const meta = await sharp(path.join(dir, file)).metadata()
    assert.equal(meta.format, 'webp')
    assert.equal(meta.width, PRODUCT_IMAGE_WIDTHS[i])
    assert.equal(meta.height, meta.width, `${file} is square`)
    assert.equal(meta.exif, undefined)
    assert.equal(meta.icc, undefined)
  }
})

test('the second product image differs from the first (other colour, pair or detail)', async () => {
  for (const kind of ['shoe', 'clothing'] as const) {
    const product = firstProduct(kind)
    const [main] = await writeProductImages(product, 0, dir, `${kind}-a`)
    const [second] = await writeProductImages(product, 1, dir, `${kind}-b`)
    assert.ok(main && second)
    const [a, b] = await Promise.all([readFile(path.join(dir, main)), readFile(path.join(dir, second))])
    assert.notDeepEqual(a, b, `${product.slug}: two different pictures`)
  }
})

test('every product model draws without errors and into a 1200 px square SVG', () => {
  for (const product of PRODUCTS) {
    for (const index of [0, 1]) {
      const svg = productImageSvg(product, index)
      assert.match(svg, /^<svg [^>]*width="1200" height="1200"/)
      assert.doesNotMatch(svg, /NaN|undefined/, `${product.slug} #${index}`)
      assert.doesNotMatch(svg, /<text/, 'no font needed')
    }
  }
})

test('writeBannerImages writes 16:9 WebP banners, 1920x1080 at the largest width', async () => {
  const banner = BANNERS[0]
  assert.ok(banner)
  const files = await writeBannerImages(banner, dir, 'banner')
  assert.deepEqual(
    files,
    BANNER_IMAGE_WIDTHS.map((w) => `banner-${w}.webp`),
  )
  const sizes = await Promise.all(files.map((f) => sharp(path.join(dir, f)).metadata()))
  assert.deepEqual(
    sizes.map((m) => [m.format, m.width, m.height]),
    [
      ['webp', 960, 540],
      ['webp', 1920, 1080],
    ],
  )
})

test('writeLogo writes an SVG mark and returns its file name', async () => {
  const name = await writeLogo(dir)
  assert.equal(name, 'logo.svg')
  const meta = await sharp(path.join(dir, name)).metadata()
  assert.equal(meta.format, 'svg')
  assert.equal(meta.width, meta.height)
})

test('a product in several colours gets one photo per colour, drawn in that colour; others get two general views', async () => {
  const several = PRODUCTS.find((p) => p.colors.length > 2)
  const single = PRODUCTS.find((p) => p.colors.length === 1)
  assert.ok(several && single, 'the demo has products in three colours and in one')
  assert.deepEqual(
    demoShots(several).map((shot) => shot.color),
    several.colors,
  )
  const svgs = several.colors.map((_c, i) => productImageSvg(several, i))
  assert.equal(new Set(svgs).size, several.colors.length, 'each colour has its own picture')
  for (const [i, colour] of several.colors.entries()) {
    assert.ok(svgs[i]?.includes(colorHex(colour)), `picture ${i + 1} is painted ${colour}`)
  }
  assert.deepEqual(
    demoShots(single).map((shot) => shot.color),
    [null, null],
  )
})
