import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  addToCartBody,
  addToCartReply,
  cartItemBody,
  cartItemParams,
  cartReply,
  guestAddToCartReply,
  guestCartReply,
  mergeCartBody,
  ok,
  translate,
} from '@shop/shared'
import { AppError } from '../../http/app-error.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { guestSessionId, requireClient } from '../../plugins/session.ts'
import {
  addToCart,
  type AddOwner,
  type CartOwner,
  clearCart,
  emptyCart,
  findCartId,
  mergeGuestCart,
  readCart,
  removeCartItem,
  updateCartItem,
} from './cart.service.ts'

function requireGuestSession(request: FastifyRequest): CartOwner {
  const sessionId = guestSessionId(request)
  if (!sessionId) throw new AppError('BAD_SESSION_ID')
  return { sessionId }
}

const clientOwner = (request: FastifyRequest): CartOwner => ({ clientId: (request.client as { id: string }).id })

/** The same five routes for a guest (X-Session-Id) and for a signed-in client (cookie). */
export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  /** The owner's cart; a guest's reply also carries the session id to keep. */
  const cartOf = async (request: FastifyRequest, owner: CartOwner) => ({
    cart: await readCart(app.db, owner, request.locale),
    ...('sessionId' in owner ? { sessionId: owner.sessionId } : {}),
  })

  api.get('/cart/guest', { schema: { tags: ['cart'], summary: "The guest's cart", response: ok(guestCartReply) } }, async (request, reply) => {
    // Reading creates nothing: a guest without a session id, or with one the server does not know (never
    // issued, purged, merged at sign-in), gets an empty cart and sessionId null; the first add issues one.
    const sessionId = guestSessionId(request)
    if (sessionId && (await findCartId(app.db, { sessionId }))) return reply.ok({ cart: await readCart(app.db, { sessionId }, request.locale), sessionId })
    return reply.ok({ cart: emptyCart(null), sessionId: null })
  })
  api.get(
    '/cart/client',
    { schema: { tags: ['cart'], summary: "The client's cart", response: ok(cartReply) }, preHandler: [requireClient] },
    async (request, reply) => reply.ok({ cart: await readCart(app.db, clientOwner(request), request.locale) }),
  )

  // The changes, the same for both: a guest's reply also carries its session id.
  for (const kind of ['guest', 'client'] as const) {
    const tags = ['cart']
    const preHandler = kind === 'client' ? [requireClient] : []
    const owner = kind === 'client' ? clientOwner : requireGuestSession
    const cartSchema = kind === 'client' ? cartReply : guestCartReply

    const addPaths = kind === 'client' ? ['/cart/client/add', '/cart/client'] : ['/cart/guest/add']
    for (const path of addPaths) {
      api.post(
        path,
        {
          schema: {
            tags,
            summary: 'Add a product variant',
            body: addToCartBody,
            response: ok(kind === 'client' ? addToCartReply : guestAddToCartReply),
          },
          preHandler,
        },
        async (request, reply) => {
          const who: AddOwner = kind === 'client' ? clientOwner(request) : { sessionId: guestSessionId(request) }
          const result = await addToCart(app.db, who, request.body, request.locale)
          const data = { ...(await cartOf(request, result.owner)), requested: result.requested, added: result.added }
          if (result.added >= result.requested) return reply.ok(data, 'success:cartAdded')
          // fewer than asked: what was added is in `added`, and the message says how many are left
          const message = translate(request.locale, 'errors:QUANTITY_ABOVE_STOCK', { stock: result.stock })
          return reply.send({ status: 'success', message, data })
        },
      )
    }

    api.patch(
      `/cart/${kind}/item/:itemId`,
      {
        schema: { tags, summary: 'Change the quantity of an item', params: cartItemParams, body: cartItemBody, response: ok(cartSchema) },
        preHandler,
      },
      async (request, reply) => {
        const who = owner(request)
        await updateCartItem(app.db, who, request.params.itemId.toLowerCase(), request.body.quantity, request.locale)
        return reply.ok(await cartOf(request, who))
      },
    )

    api.delete(
      `/cart/${kind}/item/:itemId`,
      { schema: { tags, summary: 'Remove an item', params: cartItemParams, response: ok(cartSchema) }, preHandler },
      async (request, reply) => {
        const who = owner(request)
        await removeCartItem(app.db, who, request.params.itemId.toLowerCase())
        return reply.ok(await cartOf(request, who), 'success:cartRemoved')
      },
    )

    api.delete(`/cart/${kind}/clear`, { schema: { tags, summary: 'Empty the cart', response: ok(cartSchema) }, preHandler }, async (request, reply) => {
      const who = owner(request)
      await clearCart(app.db, who)
      return reply.ok(await cartOf(request, who), 'success:cartCleared')
    })
  }

  api.post(
    '/cart/merge',
    {
      schema: { tags: ['cart'], summary: "Move a guest cart into the signed-in client's cart", body: mergeCartBody, response: ok(cartReply) },
      preHandler: [requireClient],
    },
    async (request, reply) => {
      // only the holder of a guest session may move its cart: the id must also come as X-Session-Id,
      // so knowing someone's session id (a log, a shared screen) is not enough to take their cart
      if (guestSessionId(request) !== request.body.sessionId.toLowerCase()) throw new AppError('FORBIDDEN')
      await mergeGuestCart(app.db, request.body.sessionId.toLowerCase(), (request.client as { id: string }).id)
      return reply.ok({ cart: await readCart(app.db, clientOwner(request), request.locale) })
    },
  )
}
