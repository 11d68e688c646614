import { type Locale, pickLocale, translate } from '@shop/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of the reply, from Accept-Language (Arabic by default). */
    locale: Locale
  }
  interface FastifyReply {
    /** Sends `{ status: 'success', message?, data }`; `messageKey` is translated to the request's language. */
    ok(data: unknown, messageKey?: string): FastifyReply
  }
}

export const envelope = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'ar')
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.locale = pickLocale(request.headers['accept-language'])
  })
  app.decorateReply('ok', function ok(this: FastifyReply, data: unknown, messageKey?: string) {
    const message = messageKey ? translate(this.request.locale, messageKey) : undefined
    return this.send(message === undefined ? { status: 'success', data } : { status: 'success', message, data })
  })
})
