import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { CONVERSIONS_QUEUE, sendConversion, serverEventsConfigured } from './conversions.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether the shop sends server-side conversion events (a pixel has an access token): read at start, after
     * each pixel change in this process (`refresh`) and every 30 s (changes made by another process), so an
     * order placed without them costs no statement.
     */
    serverEvents: { enabled: boolean; refresh: () => Promise<void> }
  }
}

const REFRESH_MS = 30_000

/** Sends the queued conversion events through the job queue (retried with backoff; each event once). */
export const conversionsPlugin = fp(async (app: FastifyInstance) => {
  const state = {
    enabled: false,
    refresh: async () => {
      state.enabled = await serverEventsConfigured(app.db)
    },
  }
  app.decorate('serverEvents', state)
  let timer: NodeJS.Timeout | undefined
  const refresh = () => state.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'server-side events: pixel settings not read'))
  app.addHook('onReady', async () => {
    // an app built before its migrations (some tools and tests) reads them at the next refresh
    await refresh()
    timer = setInterval(() => void refresh(), REFRESH_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))

  const endpoints = { metaGraphUrl: app.config.META_GRAPH_URL, tiktokEventsUrl: app.config.TIKTOK_EVENTS_URL }
  app.jobs.register(CONVERSIONS_QUEUE, async (payload) => {
    const { id } = payload as { id: number }
    await sendConversion({ db: app.db, endpoints, openSecret: (sealed) => app.secrets.open(sealed) }, id)
  })
})
