import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { type FontManifest, fontPreloadTags, readFontManifest, withFontPreloads } from './font-preloads.ts'

const MANIFEST: FontManifest = {
  arabic: '/assets/readex-pro-arabic-wght-normal-A1.woff2',
  latin: '/assets/readex-pro-latin-wght-normal-L1.woff2',
}

const INDEX = [
  '<!doctype html>',
  '<html lang="ar" dir="rtl">',
  '  <head>',
  '    <title>x</title>',
  '    <script type="module" crossorigin src="/assets/index-X.js"></script>',
  '    <link rel="preload" as="font" type="font/woff2" href="/assets/readex-pro-arabic-wght-normal-A1.woff2" crossorigin="">',
  '    <link rel="preload" as="font" type="font/woff2" href="/assets/readex-pro-latin-wght-normal-L1.woff2" crossorigin="">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-X.css">',
  '  </head>',
  '</html>',
].join('\n')

const preloaded = (html: string) => [...html.matchAll(/<link rel="preload" as="font"[^>]*href="([^"]+)"/g)].map((m) => m[1])

describe('font preloads per language', () => {
  test('Arabic pages preload the Arabic and the Latin file (digits and prices are Latin)', () => {
    assert.deepEqual(preloaded(fontPreloadTags(MANIFEST, 'ar')), [MANIFEST.arabic, MANIFEST.latin])
  })

  test('French and English pages preload the Latin file only', () => {
    assert.deepEqual(preloaded(fontPreloadTags(MANIFEST, 'fr')), [MANIFEST.latin])
    assert.deepEqual(preloaded(fontPreloadTags(MANIFEST, 'en')), [MANIFEST.latin])
  })

  test('the tags are cross-origin font preloads (a preload without crossorigin is fetched twice)', () => {
    assert.equal(
      fontPreloadTags(MANIFEST, 'fr'),
      '<link rel="preload" as="font" type="font/woff2" href="/assets/readex-pro-latin-wght-normal-L1.woff2" crossorigin>',
    )
  })

  test('no manifest, no tags; a subset missing from it is skipped', () => {
    assert.equal(fontPreloadTags(null, 'ar'), '')
    assert.deepEqual(preloaded(fontPreloadTags({ latin: MANIFEST.latin }, 'ar')), [MANIFEST.latin])
  })

  test("withFontPreloads swaps the built page's default preloads for the language's, in place", () => {
    const french = withFontPreloads(INDEX, MANIFEST, 'fr')
    assert.deepEqual(preloaded(french), [MANIFEST.latin])
    assert.match(french, /index-X\.js"><\/script>\n {4}<link rel="preload" as="font"[^\n]*L1\.woff2" crossorigin>\n {4}<link rel="stylesheet"/)
    assert.deepEqual(preloaded(withFontPreloads(INDEX, MANIFEST, 'ar')), [MANIFEST.arabic, MANIFEST.latin])
    assert.equal(withFontPreloads(INDEX, null, 'fr'), INDEX)
  })

  test('readFontManifest reads the build output and ignores anything but the two subsets', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'font-manifest-'))
    const file = path.join(dir, 'fonts.json')
    await writeFile(file, JSON.stringify({ ...MANIFEST, vietnamese: '/assets/v.woff2', latin: MANIFEST.latin }))
    assert.deepEqual(await readFontManifest(file), MANIFEST)
    await writeFile(file, JSON.stringify({ arabic: 'javascript:alert(1)', latin: 3 }))
    assert.deepEqual(await readFontManifest(file), {})
    assert.equal(await readFontManifest(path.join(dir, 'missing.json')), null)
    await writeFile(file, '{')
    assert.equal(await readFontManifest(file), null)
  })
})
