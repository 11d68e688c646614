import assert from 'node:assert/strict'
import { test } from 'node:test'
import { pickEncoding } from './page-compression.ts'

test('brotli when accepted, else gzip, else the text as it is; q=0 refuses', () => {
  assert.equal(pickEncoding('gzip, deflate, br, zstd'), 'br')
  assert.equal(pickEncoding('gzip, deflate'), 'gzip')
  assert.equal(pickEncoding('br;q=0, gzip;q=0.8'), 'gzip')
  assert.equal(pickEncoding('identity'), null)
  assert.equal(pickEncoding(undefined), null)
  assert.equal(pickEncoding('*'), 'br')
  assert.equal(pickEncoding('*, br;q=0'), 'gzip')
})
