import type { FastifyInstance } from 'fastify'
import { adminAuthRoutes } from './admin-auth.routes.ts'
import { dashboardRoutes } from './dashboard.routes.ts'

/** Every back-office route, mounted under /api/v1/admin. Each route checks the staff role itself. */
export async function adminModule(app: FastifyInstance): Promise<void> {
  await app.register(adminAuthRoutes)
  await app.register(dashboardRoutes)
}
