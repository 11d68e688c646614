import { pathToFileURL } from 'node:url'
import type { CourierConnection } from '../courier.ts'
import { type FakeEcotrack, startFakeEcotrack } from './fake-ecotrack.ts'
import { type FakeYalidine, startFakeYalidine } from './fake-yalidine.ts'
import { type FakeZr, startFakeZr } from './fake-zr.ts'

/**
 * The three fake couriers at once, with the connections that reach them: for the browser test and for trying
 * the courier screens without accounts (`node --import tsx apps/api/src/modules/couriers/fakes/fake-couriers.ts`
 * prints the base URLs and credentials to type into the back office, and serves until stopped).
 */
export interface FakeCouriers {
  yalidine: FakeYalidine
  ecotrack: FakeEcotrack
  zr: FakeZr
  connections: { yalidine: CourierConnection; ecotrack: CourierConnection; zr: CourierConnection }
  close(): Promise<void>
}

export async function startFakeCouriers(): Promise<FakeCouriers> {
  const [yalidine, ecotrack, zr] = await Promise.all([startFakeYalidine(), startFakeEcotrack(), startFakeZr()])
  return {
    yalidine,
    ecotrack,
    zr,
    connections: {
      yalidine: { engine: 'yalidine', baseUrl: yalidine.baseUrl, credentials: yalidine.credentials },
      ecotrack: { engine: 'ecotrack', baseUrl: ecotrack.baseUrl, credentials: ecotrack.credentials },
      zr: { engine: 'zr', baseUrl: zr.baseUrl, credentials: zr.credentials },
    },
    close: async () => {
      await Promise.all([yalidine.close(), ecotrack.close(), zr.close()])
    },
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fakes = await startFakeCouriers()
  console.log(JSON.stringify({ ...fakes.connections, zrWebhookSecret: fakes.zr.webhookSecret }, null, 2))
  const stop = () => void fakes.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
