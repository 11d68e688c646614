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
  }
}

/** What a route's success envelope carries; anything when the route declares no reply schema. */
type SuccessData<ReplyType> = unknown extends ReplyType ? unknown : ReplyType extends { status: 'success'; data: infer Data } ? Data : never

export const envelope = fp(async (app: FastifyInstance) => {
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
})
