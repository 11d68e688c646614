import type { LoadResult } from './load.ts'

/** A load run's figures for the report tests: 1,000 requests at 100 req/s, all 200, unless told. */
type Figure = LoadResult & { label: string; bytes?: number; statements?: number }

export const result = (over: Partial<Figure>): Figure => ({
  label: 'x',
  requests: 1000,
  rps: 100,
  p50: 5,
  p99: 10,
  errors: 0,
  non2xx: 0,
  codes: { '200': 1000 },
  rssMb: 100,
  loadAvg: 1,
  ...over,
})
