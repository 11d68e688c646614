import type { FastifyInstance, FastifyRequest } from 'fastify'
import { translate } from '@shop/shared'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../http/app-error.ts'
import { isUuid, uuidText } from '../../http/paging.ts'
import { requireClient } from '../../plugins/session.ts'
import {
  addToCart,
  type AddOwner,
  type CartOwner,
  clearCart,
  emptyCart,
  findCartId,
  MAX_LINE_QUANTITY,
  mergeGuestCart,
  readCart,
  removeCartItem,
  updateCartItem,
} from './cart.service.ts'

export const SESSION_HEADER = 'x-session-id'

const quantity = z.number().int().min(1).max(MAX_LINE_QUANTITY)

const uuid = uuidText
const variantPart = z.string().trim().min(1).max(40).optional()
const addBody = z.object({ productId: uuid, quantity: quantity.default(1), size: variantPart, color: variantPart })
const updateBody = z.object({ quantity, productId: uuid.optional() })
const itemParams = z.object({ itemId: uuid })
const mergeBody = z.object({ sessionId: uuid })

/** The guest's session id from X-Session-Id: undefined when absent, 400 when malformed. */
export function guestSessionId(request: FastifyRequest): string | undefined {
  const raw = request.headers[SESSION_HEADER]
  if (raw === undefined || raw === '') return undefined
  if (typeof raw !== 'string' || !isUuid(raw)) throw new AppError('BAD_SESSION_ID')
  return raw.toLowerCase()
}

function requireGuestSession(request: FastifyRequest): CartOwner {
  const sessionId = guestSessionId(request)
  if (!sessionId) throw new AppError('BAD_SESSION_ID')
  return { sessionId }
}

const clientOwner = (request: FastifyRequest): CartOwner => ({ clientId: (request.client as { id: string }).id })

/** The same five routes for a guest (X-Session-Id) and for a signed-in client (cookie). */
export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const sendCart = async (request: FastifyRequest, owner: CartOwner, messageKey?: string) => ({
    data: { cart: await readCart(app.db, owner, request.locale), ...('sessionId' in owner ? { sessionId: owner.sessionId } : {}) },
    messageKey,
  })

  for (const kind of ['guest', 'client'] as const) {
    const tags = ['cart']
    const preHandler = kind === 'client' ? [requireClient] : []
    const owner = kind === 'client' ? clientOwner : requireGuestSession

    api.get(`/cart/${kind}`, { schema: { tags, summary: `The ${kind}'s cart` }, preHandler }, async (request, reply) => {
      if (kind === 'client') return reply.ok((await sendCart(request, clientOwner(request))).data)
      // Reading creates nothing: a guest without a session id, or with one the server does not know (never
      // issued, purged, merged at sign-in), gets an empty cart and sessionId null; the first add issues one.
      const sessionId = guestSessionId(request)
      if (sessionId && (await findCartId(app.db, { sessionId }))) return reply.ok((await sendCart(request, { sessionId })).data)
      return reply.ok({ cart: emptyCart(null), sessionId: null })
    })

    const addHandler = async (request: FastifyRequest<{ Body: z.infer<typeof addBody> }>, reply: import('fastify').FastifyReply) => {
      const who: AddOwner = kind === 'client' ? clientOwner(request) : { sessionId: guestSessionId(request) }
      const result = await addToCart(app.db, who, request.body, request.locale)
      const { data } = await sendCart(request, result.owner)
      const body = { ...data, requested: result.requested, added: result.added }
      if (result.added >= result.requested) return reply.ok(body, 'success:cartAdded')
      // fewer than asked: what was added is in `added`, and the message says how many are left
      return reply.send({ status: 'success', message: translate(request.locale, 'errors:QUANTITY_ABOVE_STOCK', { stock: result.stock }), data: body })
    }
    api.post(`/cart/${kind}/add`, { schema: { tags, summary: 'Add a product variant', body: addBody }, preHandler }, addHandler)
    if (kind === 'client') api.post('/cart/client', { schema: { tags, summary: 'Add a product variant', body: addBody }, preHandler }, addHandler)

    api.patch(
      `/cart/${kind}/item/:itemId`,
      { schema: { tags, summary: 'Change the quantity of an item', params: itemParams, body: updateBody }, preHandler },
      async (request, reply) => {
        const who = owner(request)
        await updateCartItem(app.db, who, request.params.itemId.toLowerCase(), request.body.quantity, request.locale)
        const { data } = await sendCart(request, who)
        return reply.ok(data)
      },
    )

    api.delete(
      `/cart/${kind}/item/:itemId`,
      { schema: { tags, summary: 'Remove an item', params: itemParams }, preHandler },
      async (request, reply) => {
        const who = owner(request)
        await removeCartItem(app.db, who, request.params.itemId.toLowerCase())
        const { data } = await sendCart(request, who)
        return reply.ok(data, 'success:cartRemoved')
      },
    )

    api.delete(`/cart/${kind}/clear`, { schema: { tags, summary: 'Empty the cart' }, preHandler }, async (request, reply) => {
      const who = owner(request)
      await clearCart(app.db, who)
      const { data } = await sendCart(request, who)
      return reply.ok(data, 'success:cartCleared')
    })
  }

  api.post(
    '/cart/merge',
    { schema: { tags: ['cart'], summary: "Move a guest cart into the signed-in client's cart", body: mergeBody }, preHandler: [requireClient] },
    async (request, reply) => {
      // only the holder of a guest session may move its cart: the id must also come as X-Session-Id,
      // so knowing someone's session id (a log, a shared screen) is not enough to take their cart
      if (guestSessionId(request) !== request.body.sessionId.toLowerCase()) throw new AppError('FORBIDDEN')
      await mergeGuestCart(app.db, request.body.sessionId.toLowerCase(), (request.client as { id: string }).id)
      return reply.ok({ cart: await readCart(app.db, clientOwner(request), request.locale) })
    },
  )
}
