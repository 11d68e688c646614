import { ledgerParams, ledgerParcelsQuery, ledgerParcelsReply, ledgerQuery, ledgerReply, ok, statementBody, statementReply } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { pageCount } from '../../http/paging.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { ledgerFigures, ledgerParcels } from './ledger.repo.ts'
import { importStatement } from './ledger.service.ts'

/**
 * The cash the couriers collected and owe the shop (issue 17, COD money): money, so managers and the owner
 * (the permission that marks orders paid and reads the courier CSV).
 */
export async function ledgerAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: courier money']
  const managers = requireStaff('orders.manage')

  api.get(
    '/couriers/ledger',
    { schema: { tags, summary: 'Per courier account: parcels delivered and returned, cash collected, fees, paid out and still owed', querystring: ledgerQuery, response: ok(ledgerReply) }, onRequest: managers },
    async (request, reply) => reply.ok({ accounts: await ledgerFigures(app.db, request.query) }),
  )
  api.get(
    '/couriers/:id/ledger/parcels',
    { schema: { tags, summary: 'The parcels behind a figure: owed, paid or returned', params: ledgerParams, querystring: ledgerParcelsQuery, response: ok(ledgerParcelsReply) }, onRequest: managers },
    async (request, reply) => {
      const { parcels, total } = await ledgerParcels(app.db, request.params.id, request.query)
      return reply.ok({ parcels, total, page: request.query.page, pages: pageCount(total, request.query.limit) })
    },
  )
  api.post(
    '/couriers/:id/statements',
    {
      schema: { tags, summary: "Imports a courier's payout statement (CSV: tracking;amount;date[;payout_id]), a result per line", params: ledgerParams, body: statementBody, response: ok(statementReply) },
      onRequest: managers,
    },
    async (request, reply) => {
      const csv = typeof request.body === 'string' ? request.body : request.body.csv
      return reply.ok(await importStatement(app.db, staffOf(request), request.params.id, csv))
    },
  )
}
