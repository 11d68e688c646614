import type { CourierAdapter, CourierConnection } from '../courier.ts'
import { createEcotrackAdapter } from './ecotrack.ts'
import type { AdapterOptions } from './http.ts'
import { createYalidineAdapter } from './yalidine.ts'
import { createZrAdapter } from './zr.ts'

/** The adapter of an account's engine; `options` shrink waits and timeouts in tests. */
export function createCourierAdapter(connection: CourierConnection, options: AdapterOptions = {}): CourierAdapter {
  switch (connection.engine) {
    case 'yalidine':
      return createYalidineAdapter(connection, options)
    case 'ecotrack':
      return createEcotrackAdapter(connection, options)
    case 'zr':
      return createZrAdapter(connection, options)
  }
}
