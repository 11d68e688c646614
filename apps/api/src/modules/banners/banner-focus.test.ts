import assert from 'node:assert/strict'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import sharp from 'sharp'
import { bannerFocalPoint, CENTRE } from './banner-focus.ts'

let mediaDir: string
before(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'banner-focus-'))
})
after(async () => rm(mediaDir, { recursive: true, force: true }))

/** A calm 16:9 picture with one busy, saturated subject centred at (cx, cy). */
async function picture(name: string, cx: number, cy: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540"><rect width="960" height="540" fill="#efe4d6"/>
<g transform="translate(${cx} ${cy})"><rect x="-90" y="-60" width="180" height="120" fill="#b3261e"/><circle r="40" fill="#1f2a44"/><circle r="18" fill="#f6c343"/></g></svg>`
  await sharp(Buffer.from(svg)).webp().toFile(path.join(mediaDir, `banners/${name}-960.webp`))
}

test('the subject of a banner picture is found where it stands, in percent', async () => {
  await mkdir(path.join(mediaDir, 'banners'), { recursive: true })
  await picture('right', 720, 340)
  await picture('left', 200, 270)
  const right = await bannerFocalPoint(mediaDir, 'banners/right', [1920, 960])
  const left = await bannerFocalPoint(mediaDir, 'banners/left', [960, 1920])
  assert.ok(Math.abs(right.x - 75) <= 8, `right subject at x=${right.x}`)
  assert.ok(Math.abs(right.y - 63) <= 12, `right subject at y=${right.y}`)
  assert.ok(Math.abs(left.x - 21) <= 8, `left subject at x=${left.x}`)
})

test('a picture that cannot be read is centred', async () => {
  assert.deepEqual(await bannerFocalPoint(mediaDir, 'banners/missing', [960]), CENTRE)
  assert.deepEqual(await bannerFocalPoint(mediaDir, 'banners/no-widths', []), CENTRE)
})
