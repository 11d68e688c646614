/** Bounded autocannon runs against 127.0.0.1, with the server's resident memory sampled meanwhile. */
import { readFile } from 'node:fs/promises'
import os from 'node:os'
// autocannon ships no types
// @ts-expect-error no declaration file
import autocannon from 'autocannon'

export interface LoadRequest {
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: unknown
  /** Called before each request: returns what changes (path, headers, body). */
  vary?: (n: number) => { path?: string; headers?: Record<string, string>; body?: unknown }
}

export interface LoadResult {
  requests: number
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  codes: Record<string, number>
  rssMb: number
  /** One-minute load average of the machine when the run ended (other processes share the cores). */
  loadAvg: number
  /** CPU time of the server process (user + system, /proc/<pid>/stat) during the measured run, per request. */
  cpuMsPerRequest?: number
  /** How long the measured run lasted, in seconds. */
  seconds?: number
}

export interface LoadOptions {
  port: number
  pid: number
  connections: number
  seconds: number
  warmupSeconds: number
  /** Stop after this many requests instead of after `seconds`. */
  amount?: number
  /**
   * Awaited between the warm-up and the measured run: resolves once the warm-up's requests still being
   * answered have finished, so that they do not take the measured run's connections and database time.
   */
  settle?: () => Promise<unknown>
}

async function rssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    return kb / 1024
  } catch {
    return 0
  }
}

/** Linux clock ticks per second (USER_HZ), the unit of utime and stime in /proc/<pid>/stat. */
const CLOCK_TICKS = 100

/** CPU milliseconds (user + system) a process has used so far, or null when /proc cannot tell. */
export async function cpuMs(pid: number): Promise<number | null> {
  try {
    return cpuMsFromStat(await readFile(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return null
  }
}

/** utime + stime (fields 14 and 15, counted after the parenthesised command name) in milliseconds. */
export function cpuMsFromStat(stat: string): number | null {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // rest[0] is field 3 (state): utime is field 14, stime field 15
  const utime = Number(rest[11])
  const stime = Number(rest[12])
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null
  return ((utime + stime) * 1000) / CLOCK_TICKS
}

function once(request: LoadRequest, port: number, connections: number, seconds: number, amount?: number) {
  let n = 0
  const json = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body))
  const baseHeaders = { ...(request.body !== undefined || request.vary ? { 'content-type': 'application/json' } : {}), ...request.headers }
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    timeout: 10,
    requests: [
      {
        method: request.method,
        path: request.path,
        headers: baseHeaders,
        body: json(request.body),
        ...(request.vary && {
          setupRequest: (req: { path: string; headers: Record<string, string>; body?: string }) => {
              const change = request.vary?.(n++) ?? {}
              return {
                ...req,
                path: change.path ?? req.path,
                headers: { ...baseHeaders, ...change.headers },
                body: change.body === undefined ? req.body : json(change.body),
              }
            },
        }),
      },
    ],
  }) as Promise<{
    requests: { total: number; average: number }
    latency: { p50: number; p99: number }
    errors: number
    timeouts: number
    non2xx: number
    duration: number
    statusCodeStats: Record<string, { count: number }>
  }>
}

/** A short warm-up, its leftovers settled, then the measured run; RSS is the highest seen during the measured run. */
export async function load(request: LoadRequest, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) {
    await once(request, options.port, options.connections, options.warmupSeconds)
    await options.settle?.()
  }
  let peak = await rssMb(options.pid)
  const timer = setInterval(() => {
    void rssMb(options.pid).then((mb) => {
      if (mb > peak) peak = mb
    })
  }, 200)
  try {
    const cpuBefore = await cpuMs(options.pid)
    const result = await once(request, options.port, options.connections, options.seconds, options.amount)
    const cpuAfter = await cpuMs(options.pid)
    const codes: Record<string, number> = {}
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) codes[code] = Number(stat.count)
    return {
      requests: result.requests.total,
      rps: result.requests.total / (result.duration || options.seconds),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors, // connection errors, timeouts included
      non2xx: result.non2xx,
      codes,
      rssMb: Math.round(peak),
      loadAvg: Number(os.loadavg()[0]?.toFixed(1)),
      seconds: result.duration || options.seconds,
      ...(cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? { cpuMsPerRequest: (cpuAfter - cpuBefore) / result.requests.total }
        : {}),
    }
  } finally {
    clearInterval(timer)
  }
}
