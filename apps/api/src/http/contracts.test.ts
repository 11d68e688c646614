import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ok } from '@shop/shared'
import Fastify from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { OpenAPIV3 } from 'openapi-types'
import { z } from 'zod'
import { startTestApp } from '../test/test-app.ts'
import { CheckedJson } from './checked-json.ts'
import { envelope } from './envelope.ts'
import { registerErrorHandler } from './error-handler.ts'
import { replySerializer, type ShopTypeProvider } from './reply-serializer.ts'

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

describe('reply contracts', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>
  before(async () => {
    ctx = await startTestApp('pglite')
    await ctx.app.ready()
  })
  after(async () => ctx.close())

  test('every operation of the OpenAPI document declares the schema of its success reply', () => {
    const document = ctx.app.swagger() as OpenAPIV3.Document
    const missing: string[] = []
    let operations = 0
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item?.[method]
        if (!operation) continue
        operations++
        const success = Object.entries(operation.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code))
        const described = success.some(([, reply]) => 'content' in reply && Object.values(reply.content ?? {}).some((media) => media.schema))
        if (!described) missing.push(`${method.toUpperCase()} ${path}`)
      }
    }
    assert.ok(operations > 90, `the document lists ${operations} operations`)
    assert.deepEqual(missing, [], `operations without a success reply schema:\n${missing.join('\n')}`)
  })
})

describe('reply serialisation by the route schema', () => {
  const app = Fastify()
  before(async () => {
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(replySerializer)
    await app.register(envelope)
    registerErrorHandler(app)
    const api = app.withTypeProvider<ShopTypeProvider>()
    const user = z.object({ name: z.string(), since: z.union([z.date().transform((d) => d.toISOString()), z.string()]) })
    api.get('/user', { schema: { response: ok(z.object({ user })) } }, async (_request, reply) =>
      // a row with more columns than the contract names: the extra one must not leave the server
      reply.ok({ user: { name: 'Amina', since: new Date('2026-01-02T03:04:05.000Z'), passwordHash: 'secret' } as z.input<typeof user> }),
    )
    api.get('/broken', { schema: { response: ok(z.object({ total: z.number() })) } }, async (_request, reply) =>
      reply.ok({ total: 'many' as unknown as number }),
    )
    await app.ready()
  })
  after(async () => app.close())

  test('fields the schema does not name are dropped and server values take their wire form', async () => {
    const response = await app.inject({ url: '/user' })
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), { status: 'success', data: { user: { name: 'Amina', since: '2026-01-02T03:04:05.000Z' } } })
    assert.doesNotMatch(response.body, /secret/)
  })

  test('a reply that breaks its contract is a 500 in the envelope, never sent half-right', async () => {
    const response = await app.inject({ url: '/broken' })
    assert.equal(response.statusCode, 500)
    assert.equal(response.json().status, 'error')
    assert.doesNotMatch(response.body, /many/)
  })
})

describe('replies made of checked parts (okJson)', () => {
  const item = z.object({ name: z.string(), stock: z.number().int().nonnegative() })
  const page = z.object({ items: z.array(item), total: z.number().int() })
  const rest = page.omit({ items: true })
  const build = async (checkWholeReplies: boolean) => {
    const app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(replySerializer)
    await app.register(envelope, { checkWholeReplies })
    registerErrorHandler(app)
    const api = app.withTypeProvider<ShopTypeProvider>()
    api.get('/page', { schema: { response: ok(page) } }, async (_request, reply) =>
      reply.okJson(CheckedJson.object({ items: CheckedJson.list([CheckedJson.of(item, { name: 'Derby', stock: 2 })]) }, CheckedJson.of(rest, { total: 1 }))),
    )
    // a part that breaks its own contract
    api.get('/broken-part', { schema: { response: ok(page) } }, async (_request, reply) =>
      reply.okJson(CheckedJson.object({ items: CheckedJson.list([CheckedJson.of(item, { name: 'Derby', stock: -2 })]) }, CheckedJson.of(rest, { total: 1 }))),
    )
    // parts each right, put together under the wrong name: only the whole check sees it
    api.get('/misplaced', { schema: { response: ok(page) } }, async (_request, reply) =>
      reply.okJson(CheckedJson.object({ products: CheckedJson.list([CheckedJson.of(item, { name: 'Derby', stock: 2 })]) }, CheckedJson.of(rest, { total: 1 }))),
    )
    await app.ready()
    return app
  }

  test('the parts go out as one JSON reply in the envelope', async () => {
    const app = await build(true)
    const response = await app.inject({ url: '/page' })
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-type']), /^application\/json; charset=utf-8/)
    assert.deepEqual(response.json(), { status: 'success', data: { items: [{ name: 'Derby', stock: 2 }], total: 1 } })
    await app.close()
  })

  test('a part that breaks its contract is a 500 in the envelope, whether or not the whole is checked', async () => {
    for (const checkWholeReplies of [true, false]) {
      const app = await build(checkWholeReplies)
      const response = await app.inject({ url: '/broken-part' })
      assert.equal(response.statusCode, 500)
      assert.equal(response.json().status, 'error')
      assert.doesNotMatch(response.body, /Derby/)
      await app.close()
    }
  })

  test('with whole replies checked (tests, development), parts put together against the route’s contract are a 500', async () => {
    const checked = await build(true)
    assert.equal((await checked.inject({ url: '/misplaced' })).statusCode, 500)
    await checked.close()
    // in production the parts alone are checked: the same reply would go out
    const unchecked = await build(false)
    assert.equal((await unchecked.inject({ url: '/misplaced' })).statusCode, 200)
    await unchecked.close()
  })
})
