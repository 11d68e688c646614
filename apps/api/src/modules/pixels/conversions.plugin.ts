import type { FastifyInstance } from 'fastify'
import { CONVERSIONS_QUEUE, sendConversion } from './conversions.ts'

/** Sends the queued conversion events through the job queue (retried with backoff; each event once). */
export async function conversionJobs(app: FastifyInstance): Promise<void> {
  const endpoints = { metaGraphUrl: app.config.META_GRAPH_URL, tiktokEventsUrl: app.config.TIKTOK_EVENTS_URL }
  app.jobs.register(CONVERSIONS_QUEUE, async (payload) => {
    const { id } = payload as { id: number }
    await sendConversion({ db: app.db, endpoints, openSecret: (sealed) => app.secrets.open(sealed) }, id)
  })
}
