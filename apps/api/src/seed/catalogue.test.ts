import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CLOTHING_SIZES, COLORS, colorName, SHOE_SIZES, sortSizes } from '@shop/shared'
import { BANNERS, CATEGORIES, COUPONS, PRODUCTS, SHOE_MODELS, SHOP } from './catalogue.ts'

const colorKeys = new Set<string>(COLORS.map((c) => c.key))
const categorySlugs = new Set(CATEGORIES.map((c) => c.slug))
const parentSlugs = new Set(CATEGORIES.map((c) => c.parentSlug).filter((s) => s !== null))
const leafSlugs = new Set([...categorySlugs].filter((s) => !parentSlugs.has(s)))
const totalStock = (p: (typeof PRODUCTS)[number]) => p.variants.reduce((sum, v) => sum + v.stock, 0)

test('colours: unique keys, hex swatches, names in the three languages', () => {
  assert.equal(colorKeys.size, COLORS.length)
  assert.ok(COLORS.length >= 10)
  for (const c of COLORS) {
    assert.match(c.hex, /^#[0-9a-f]{6}$/)
    for (const name of Object.values(c.names)) assert.ok(name.length > 0, c.key)
  }
  assert.equal(colorName('navy', 'fr'), 'Bleu marine')
  assert.equal(colorName('black', 'ar'), 'أسود')
  assert.equal(colorName('teal', 'en'), 'teal')
})

test('sortSizes: numbers ascending, then letter sizes in wearing order', () => {
  assert.deepEqual(sortSizes(['42', '39', '46', '40']), ['39', '40', '42', '46'])
  assert.deepEqual(sortSizes(['XL', 'S', 'XXL', 'M', 'L']), ['S', 'M', 'L', 'XL', 'XXL'])
  assert.deepEqual(sortSizes(['M', '38', 'S', '36']), ['36', '38', 'S', 'M'])
  assert.deepEqual(sortSizes([...SHOE_SIZES].reverse()), [...SHOE_SIZES])
  assert.deepEqual(sortSizes([...CLOTHING_SIZES].reverse()), [...CLOTHING_SIZES])
})

test('categories: Men, Women, Kids, each with shoes and clothing, parents known, slugs kebab-case', () => {
  assert.equal(categorySlugs.size, CATEGORIES.length, 'unique slugs')
  const top = CATEGORIES.filter((c) => c.parentSlug === null).map((c) => c.slug)
  assert.deepEqual(top.sort(), ['kids', 'men', 'women'])
  for (const c of CATEGORIES) {
    assert.match(c.slug, /^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    assert.ok(c.nameAr && c.nameFr && c.descriptionAr && c.descriptionFr, c.slug)
    if (c.parentSlug !== null) assert.ok(categorySlugs.has(c.parentSlug), `${c.slug}: parent ${c.parentSlug}`)
  }
  for (const parent of top) {
    assert.ok(leafSlugs.has(`${parent}-shoes`) && leafSlugs.has(`${parent}-clothing`), parent)
  }
})

test('products: about 48, unique kebab-case slugs, in existing leaf categories, every leaf used', () => {
  assert.ok(PRODUCTS.length >= 44 && PRODUCTS.length <= 52, `${PRODUCTS.length} products`)
  assert.equal(new Set(PRODUCTS.map((p) => p.slug)).size, PRODUCTS.length, 'unique slugs')
  for (const p of PRODUCTS) {
    assert.match(p.slug, /^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    assert.ok(leafSlugs.has(p.categorySlug), `${p.slug}: ${p.categorySlug} is not a leaf category`)
  }
  for (const leaf of leafSlugs)
    assert.ok(
      PRODUCTS.some((p) => p.categorySlug === leaf),
      `${leaf} has products`,
    )
  for (const kind of ['shoe', 'clothing'] as const) assert.ok(PRODUCTS.filter((p) => p.kind === kind).length >= 15)
})

test('products: names and descriptions in Arabic and French', () => {
  const arabic = /[\u0600-\u06FF]/
  for (const p of PRODUCTS) {
    assert.ok(p.nameAr.trim() && p.nameFr.trim(), `${p.slug}: names`)
    assert.ok(p.descriptionAr.trim() && p.descriptionFr.trim(), `${p.slug}: descriptions`)
    assert.match(p.nameAr, arabic)
    assert.match(p.descriptionAr, arabic)
    assert.doesNotMatch(p.nameFr, arabic)
  }
})

test('products: whole-dinar prices, compare-at above price, about a third on sale', () => {
  for (const p of PRODUCTS) {
    assert.ok(Number.isInteger(p.price) && p.price > 0, `${p.slug}: price`)
    assert.equal(p.price % 100, 0, `${p.slug}: rounded to 100 DA`)
    if (p.compareAtPrice !== null) {
      assert.ok(Number.isInteger(p.compareAtPrice) && p.compareAtPrice > p.price, `${p.slug}: compareAtPrice`)
    }
    const [min, max] = p.kind === 'shoe' ? [3500, 14000] : [1500, 9000]
    assert.ok(p.price >= min && p.price <= max, `${p.slug}: ${p.price} DA`)
  }
  const onSale = PRODUCTS.filter((p) => p.compareAtPrice !== null).length
  assert.ok(onSale >= PRODUCTS.length / 4 && onSale <= PRODUCTS.length / 2, `${onSale} on sale`)
})

test('products: kind matches the model, colours exist, sizes belong to the kind', () => {
  const shoeModels = new Set<string>(SHOE_MODELS)
  for (const p of PRODUCTS) {
    assert.equal(p.kind, shoeModels.has(p.model) ? 'shoe' : 'clothing', `${p.slug}: ${p.model}`)
    assert.ok(p.colors.length >= 1 && p.colors.length <= 3, `${p.slug}: 1 to 3 colours`)
    for (const c of p.colors) assert.ok(colorKeys.has(c), `${p.slug}: colour ${c}`)
    const sizes = new Set<string>(p.kind === 'shoe' ? SHOE_SIZES : CLOTHING_SIZES)
    const seen = new Set<string>()
    assert.ok(p.variants.length > 0, `${p.slug}: variants`)
    for (const v of p.variants) {
      assert.ok(sizes.has(v.size), `${p.slug}: size ${v.size}`)
      assert.ok(p.colors.includes(v.color), `${p.slug}: variant colour ${v.color} has an image`)
      assert.ok(Number.isInteger(v.stock) && v.stock >= 0, `${p.slug}: stock`)
      const key = `${v.size}/${v.color}`
      assert.ok(!seen.has(key), `${p.slug}: duplicate variant ${key}`)
      seen.add(key)
    }
  }
})

test('products: some sold-out and low-stock variants, at least two products entirely sold out', () => {
  const variants = PRODUCTS.flatMap((p) => p.variants)
  const soldOutProducts = PRODUCTS.filter((p) => totalStock(p) === 0)
  assert.ok(soldOutProducts.length >= 2, `${soldOutProducts.length} sold-out products`)
  assert.ok(variants.filter((v) => v.stock >= 1 && v.stock <= 5).length >= 20, 'low-stock variants')
  assert.ok(variants.filter((v) => v.stock === 0).length > soldOutProducts.length, 'sold-out variants elsewhere too')
  assert.ok(variants.filter((v) => v.stock >= 3 && v.stock <= 25).length > variants.length / 2, 'mostly 3 to 25')
  for (const p of PRODUCTS) {
    assert.ok(Number.isInteger(p.createdDaysAgo) && p.createdDaysAgo >= 0 && p.createdDaysAgo <= 90, p.slug)
    assert.ok(Number.isInteger(p.soldCount) && p.soldCount >= 0 && p.soldCount <= 300, p.slug)
  }
})

test('banners: three, all live now, store links, hex palettes', () => {
  assert.equal(BANNERS.length, 3)
  assert.equal(new Set(BANNERS.map((b) => b.slug)).size, 3)
  for (const b of BANNERS) {
    assert.ok(b.startsInDays <= 0, `${b.slug} has started`)
    assert.ok(b.endsInDays === null || b.endsInDays > 0, `${b.slug} has not ended`)
    assert.match(b.link, /^\/[a-z]/)
    assert.ok(b.titleAr && b.titleFr && b.descriptionAr && b.descriptionFr, b.slug)
    assert.match(b.palette.background, /^#[0-9a-f]{6}$/)
    assert.match(b.palette.accent, /^#[0-9a-f]{6}$/)
  }
})

test('coupons and shop details pass the database checks', () => {
  assert.equal(COUPONS.length, 2)
  for (const c of COUPONS) {
    assert.match(c.code, /^[A-Z0-9]{3,32}$/)
    assert.ok(Number.isInteger(c.value) && c.value > 0 && (c.type !== 'percentage' || c.value <= 100), c.code)
    assert.ok(c.minOrder >= 0 && (c.maxUses === null || c.maxUses >= 0), c.code)
  }
  assert.deepEqual(COUPONS.map((c) => c.type).sort(), ['fixed', 'percentage'])
  assert.match(SHOP.phone, /^0[567]\d{8}$/)
  assert.match(SHOP.whatsapp, /^0[567]\d{8}$/)
  assert.match(SHOP.email, /^[^@\s]+@[^@\s]+\.[a-z]+$/)
  assert.match(SHOP.bankDetails, /démonstration/)
  assert.match(SHOP.ccpDetails, /démonstration/)
})
