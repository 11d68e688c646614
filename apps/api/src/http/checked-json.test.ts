import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { z } from 'zod'
import { CheckedJson, ReplyContractError, serialisedOnce } from './checked-json.ts'

const card = z.object({ name: z.string(), stock: z.number().int().nonnegative(), since: z.union([z.date().transform((d) => d.toISOString()), z.string()]) })

describe('checked JSON', () => {
  test('a part is written in its contract’s form: unknown fields dropped, server values in their wire form', () => {
    const json = CheckedJson.of(card, { name: 'Derby', stock: 3, since: new Date('2026-01-02T03:04:05.000Z'), cost: 900 } as z.input<typeof card>)
    assert.equal(json.text, '{"name":"Derby","stock":3,"since":"2026-01-02T03:04:05.000Z"}')
  })

  test('a part that breaks its contract throws and gives no text', () => {
    assert.throws(() => CheckedJson.of(card, { name: 'Derby', stock: -1, since: 'x' }), ReplyContractError)
  })

  test('objects and lists spliced from parts are the JSON of the whole', () => {
    const a = CheckedJson.of(card, { name: 'حذاء', stock: 1, since: 'a' })
    const b = CheckedJson.of(card, { name: 'Manteau "hiver"', stock: 0, since: 'b' })
    const rest = CheckedJson.of(z.object({ page: z.number(), total: z.number() }), { page: 2, total: 14 })
    const whole = CheckedJson.object({ products: CheckedJson.list([a, b]), first: a }, rest)
    assert.deepEqual(JSON.parse(whole.text), {
      products: [
        { name: 'حذاء', stock: 1, since: 'a' },
        { name: 'Manteau "hiver"', stock: 0, since: 'b' },
      ],
      first: { name: 'حذاء', stock: 1, since: 'a' },
      page: 2,
      total: 14,
    })
    // no fields, an empty list, an empty rest
    assert.equal(CheckedJson.object({}, rest).text, '{"page":2,"total":14}')
    assert.equal(CheckedJson.object({ products: CheckedJson.list([]) }, CheckedJson.of(z.object({}), {})).text, '{"products":[]}')
  })

  test('made once per source text and language, made again when the text changes', () => {
    const made: string[] = []
    const serialise = serialisedOnce(
      (source: string, locale: 'ar' | 'fr') => {
        made.push(`${locale}:${source}`)
        const [name, stock] = JSON.parse(source) as [string, number]
        return CheckedJson.of(card, { name: `${name} (${locale})`, stock, since: 'x' })
      },
      { maxBytes: 1024 * 1024 },
    )
    const first = serialise('["Derby",3]', 'ar')
    assert.equal(serialise('["Derby",3]', 'ar'), first, 'the same text gives the part already made')
    assert.equal(serialise('["Derby",3]', 'fr').text, '{"name":"Derby (fr)","stock":3,"since":"x"}')
    // the row changed (a unit sold): another text, a part made from it
    assert.equal(serialise('["Derby",2]', 'ar').text, '{"name":"Derby (ar)","stock":2,"since":"x"}')
    assert.deepEqual(made, ['ar:["Derby",3]', 'fr:["Derby",3]', 'ar:["Derby",2]'])
    assert.equal(serialise.size, 3)
    serialise.clear()
    assert.equal(serialise.size, 0)
  })

  test('a part whose contract breaks is not kept: the next request tries again', () => {
    let calls = 0
    const serialise = serialisedOnce(
      (source: string) => {
        calls++
        return CheckedJson.of(card, { name: source, stock: -1, since: 'x' })
      },
      { maxBytes: 1024 },
    )
    assert.throws(() => serialise('bad', 'ar'), ReplyContractError)
    assert.throws(() => serialise('bad', 'ar'), ReplyContractError)
    assert.equal(calls, 2)
    assert.equal(serialise.size, 0)
  })

  test('what is kept stays within its bytes, the least recently used going first', () => {
    let builds = 0
    const serialise = serialisedOnce(
      (source: string) => {
        builds++
        return CheckedJson.of(card, { name: source, stock: 1, since: 'x' })
      },
      { maxBytes: 4096 },
    )
    const source = (i: number) => `product-${i}`.padEnd(100, '.')
    for (let i = 0; i < 200; i++) serialise(source(i), 'ar')
    // each entry: a 100-character key at two bytes, about 140 bytes of JSON, 64 more
    assert.ok(serialise.size > 0 && serialise.size <= 4096 / (2 * 100 + 140 + 64) + 1, `${serialise.size} kept`)
    assert.equal(builds, 200)
    serialise(source(199), 'ar')
    assert.equal(builds, 200, 'the latest is still kept')
    serialise(source(0), 'ar')
    assert.equal(builds, 201, 'the first was dropped: made again')
  })
})
