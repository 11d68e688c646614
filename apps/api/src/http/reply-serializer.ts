import type { FastifyTypeProvider } from 'fastify'
import { ResponseSerializationError } from 'fastify-type-provider-zod'
import { type input, type output, safeParse, $ZodType } from 'zod/v4/core'

/**
 * Requests are typed by what their schema produces (coerced, defaulted); replies by what their schema accepts
 * (`input`): a reply schema may take a server value (a `Date`) and send its wire form (an ISO string), see
 * packages/shared/src/contracts/http.ts. Route files use `app.withTypeProvider<ShopTypeProvider>()`.
 */
export interface ShopTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends $ZodType ? output<this['schema']> : unknown
  serializer: this['schema'] extends $ZodType ? input<this['schema']> : unknown
}

/**
 * Serialises a reply through its route's `response` schema: the data is parsed (unknown keys dropped, server
 * values turned into their wire form) and a reply that breaks its contract is a 500, never sent half-right.
 */
export function replySerializer({ schema, method, url }: { schema: unknown; method: string; url: string }) {
  if (!(schema instanceof $ZodType)) throw new Error(`The reply schema of ${method} ${url} is not a zod schema`)
  return (data: unknown): string => {
    const result = safeParse(schema, data)
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error })
    return JSON.stringify(result.data)
  }
}
