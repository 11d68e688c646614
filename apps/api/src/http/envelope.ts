import { isLocale, type Locale, pickLocale, translate } from '@shop/shared'
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify'
import type { FastifyReplyType, ResolveFastifyReplyType } from 'fastify/types/type-provider'
import fp from 'fastify-plugin'
import { isDeepStrictEqual } from 'node:util'
import { safeParse, type $ZodType } from 'zod/v4/core'
import { type CheckedJson, ReplyContractError } from './checked-json.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of the reply, from Accept-Language (Arabic by default). */
    locale: Locale
  }
  // The same type parameters as fastify's own declaration, so `ok` sees the route's reply type.
  interface FastifyReply<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ReplyType extends FastifyReplyType = ResolveFastifyReplyType<TypeProvider, SchemaCompiler, RouteGeneric>,
  > {
    /**
     * Sends `{ status: 'success', message?, data }`; `messageKey` is translated to the request's language.
     * `data` is typed by the route's `response` schema (packages/shared/src/contracts), and checked by it.
     */
    ok(data: SuccessData<ReplyType>, messageKey?: string): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider, ReplyType>
    /**
     * Sends `{ status: 'success', data }` with `data` made of parts already checked against their contracts
     * (http/checked-json.ts): the text goes out as it is, not through the route's serializer.
     */
    okJson(data: CheckedJson): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider, ReplyType>
  }
}

/** What a route's success envelope carries; anything when the route declares no reply schema. */
type SuccessData<ReplyType> = unknown extends ReplyType ? unknown : ReplyType extends { status: 'success'; data: infer Data } ? Data : never

export interface EnvelopeOptions {
  /**
   * Also check each `okJson` reply whole against its route's schema (tests and development): the parts were
   * checked one by one, this proves they were put together as the route's contract says.
   */
  checkWholeReplies?: boolean
}

export const envelope = fp(async (app: FastifyInstance, { checkWholeReplies = false }: EnvelopeOptions) => {
  app.decorateRequest('locale', 'ar')
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // `?lang=` for what a plain link downloads (a CSV export: a link sends no Accept-Language of the app's choosing)
    const lang = (request.query as Record<string, unknown> | undefined)?.lang
    request.locale = isLocale(lang) ? lang : pickLocale(request.headers['accept-language'])
  })
  app.decorateReply('ok', function ok(this: FastifyReply, data: unknown, messageKey?: string) {
    const message = messageKey ? translate(this.request.locale, messageKey) : undefined
    return this.send(message === undefined ? { status: 'success', data } : { status: 'success', message, data })
  })
  app.decorateReply('okJson', function okJson(this: FastifyReply, data: CheckedJson) {
    const bytes = data.bytes(SUCCESS_OPEN, SUCCESS_CLOSE)
    if (checkWholeReplies) checkWhole(this, bytes.toString('utf8'))
    // a buffer goes out as it is (Fastify runs no serializer on it); its length is its content-length
    return this.type('application/json; charset=utf-8').send(bytes)
  })
})

const SUCCESS_OPEN = Buffer.from('{"status":"success","data":')
const SUCCESS_CLOSE = Buffer.from('}')

function checkWhole(reply: FastifyReply, text: string): void {
  const schema = (reply.routeOptions.schema?.response as Record<number, unknown> | undefined)?.[200] as $ZodType | undefined
  if (!schema) throw new ReplyContractError(`${reply.request.method} ${reply.request.url} has no reply schema for 200`)
  const sent: unknown = JSON.parse(text)
  const result = safeParse(schema, sent)
  if (result.error) throw new ReplyContractError(result.error)
  // the schema would have dropped or changed something: the parts were not what the contract sends
  if (!isDeepStrictEqual(result.data, sent)) throw new ReplyContractError(`${reply.request.method} ${reply.request.url}: the reply is not in its contract's form`)
}
