import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ok } from '@shop/shared'
import Fastify from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { OpenAPIV3 } from 'openapi-types'
import { z } from 'zod'
import { startTestApp } from '../test/test-app.ts'
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
