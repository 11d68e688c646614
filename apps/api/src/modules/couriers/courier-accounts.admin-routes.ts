import {
  courierAccountBody,
  courierAccountListReply,
  courierAccountReply,
  courierIdParams,
  courierPlaceBody,
  courierPlaceParams,
  courierPlaceReply,
  courierPlacesQuery,
  courierPlacesReply,
  created,
  deletedReply,
  ok,
  placesSyncReply,
  wilayaCourierChoicesBody,
  wilayaCourierChoicesReply,
} from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import {
  createAccount,
  getWilayaChoices,
  listAccounts,
  removeAccount,
  setWilayaChoices,
  updateAccount,
} from './courier-accounts.service.ts'
import { listPlaces, matchPlace, syncPlaces } from './courier-places.service.ts'

/** Courier accounts (credentials write-only), the wilayas' couriers and each account's places: the owner's. */
export async function courierAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: couriers']
  const ownerOnly = requireStaff('couriers')

  api.get('/couriers', { schema: { tags, summary: 'Courier accounts (which credentials are set, never their values)', response: ok(courierAccountListReply) }, onRequest: ownerOnly }, async (_request, reply) =>
    reply.ok({ accounts: await listAccounts(app.db, app.secrets) }),
  )
  api.post('/couriers', { schema: { tags, summary: 'Add a courier account', body: courierAccountBody, response: created(courierAccountReply) }, onRequest: ownerOnly }, async (request, reply) => {
    const account = await createAccount(app.db, app.secrets, staffOf(request), request.body)
    return reply.code(201).ok({ account })
  })
  api.get('/couriers/wilaya-choices', { schema: { tags, summary: "Each wilaya's courier (null: the default one)", response: ok(wilayaCourierChoicesReply) }, onRequest: ownerOnly }, async (request, reply) =>
    reply.ok({ choices: await getWilayaChoices(app.db, request.locale) }),
  )
  api.put(
    '/couriers/wilaya-choices',
    { schema: { tags, summary: 'Set the courier of some wilayas', body: wilayaCourierChoicesBody, response: ok(wilayaCourierChoicesReply) }, onRequest: ownerOnly },
    async (request, reply) => {
      await setWilayaChoices(app.db, staffOf(request), request.body.choices)
      return reply.ok({ choices: await getWilayaChoices(app.db, request.locale) })
    },
  )
  api.put(
    '/couriers/:id',
    { schema: { tags, summary: 'Change a courier account (credentials absent: kept)', params: courierIdParams, body: courierAccountBody, response: ok(courierAccountReply) }, onRequest: ownerOnly },
    async (request, reply) => reply.ok({ account: await updateAccount(app.db, app.secrets, staffOf(request), request.params.id, request.body) }),
  )
  api.delete(
    '/couriers/:id',
    { schema: { tags, summary: 'Delete a courier account without parcels', params: courierIdParams, response: ok(deletedReply) }, onRequest: ownerOnly },
    async (request, reply) => {
      await removeAccount(app.db, staffOf(request), request.params.id)
      return reply.ok({ deleted: true as const })
    },
  )
  api.post(
    '/couriers/:id/places/sync',
    { schema: { tags, summary: "Fetch the courier's places and match them onto the communes", params: courierIdParams, response: ok(placesSyncReply) }, onRequest: ownerOnly },
    async (request, reply) => reply.ok({ sync: await syncPlaces(app.db, request.params.id, (id) => app.couriers.adapter(id)) }),
  )
  api.get(
    '/couriers/:id/places',
    { schema: { tags, summary: "The courier's places (unmatched by default) and the communes none covers", params: courierIdParams, querystring: courierPlacesQuery, response: ok(courierPlacesReply) }, onRequest: ownerOnly },
    async (request, reply) => reply.ok(await listPlaces(app.db, request.params.id, request.query, request.locale)),
  )
  api.put(
    '/couriers/:id/places/:placeId',
    { schema: { tags, summary: 'Match a place onto a commune by hand (null: none)', params: courierPlaceParams, body: courierPlaceBody, response: ok(courierPlaceReply) }, onRequest: ownerOnly },
    async (request, reply) =>
      reply.ok({ place: await matchPlace(app.db, request.params.id, request.params.placeId, request.body.communeId, request.locale) }),
  )
}
