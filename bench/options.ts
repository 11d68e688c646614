/** The bench's command line: what to measure, how long, and where (`npm run bench -- --help`). */
import { fileURLToPath } from 'node:url'

export const USAGE = `npm run bench [-- options]

  (no option)                                   full run: 1 000 products, PGlite and PostgreSQL, Lighthouse
  --quick                                       the same in about five minutes (3 s per figure, orders 5 s, fewer pages)
  --products 100000 --orders 1000000            scale run on PostgreSQL: a 1 000-product baseline, then the
                                                same figures and EXPLAINs at scale, each compared with 2x
                                                (combine with --quick for 3 s runs)
  --targets pglite,postgres   --seconds N   --connections N (default 50)   --pool N (the store's DATABASE_POOL_MAX)
  --no-prepared                                 PostgreSQL without named statements (DATABASE_URL ?prepared_statements=false)
  --no-build   --no-lighthouse   --only key,key (some figures only: a load figure such as detail or
                                                page-cached, or lighthouse, page-load, filmstrip;
                                                start alone: the production start only)
  --filmstrip-out file.png                      the Slow-4G product page load as a strip of screenshots (also
                                                with --only filmstrip: then bench/results/<date>-product-load-slow4g.png)
  --pg postgres://postgres@127.0.0.1:5432 (a fresh database bench_<time> is created and dropped there)
  --port 3700 (ports 3700-3799 are used)
  --help                                        this text

The exit code is 0 whether budgets pass or miss (1 only when the run itself breaks).`

/** Seconds per figure in a quick run (order figures run at least ORDER_MIN_SECONDS). */
export const QUICK_SECONDS = 3
/** The order figures run at least this long, so that even a slow order path answers enough orders to measure. */
export const ORDER_MIN_SECONDS = 5

export type TargetKind = 'pglite' | 'postgres'

/** The --only key of the production start (ready time and idle memory of scripts/start.mjs: startup.ts). */
export const START_KEY = 'start'

export interface BenchOptions {
  help: boolean
  quick: boolean
  products: number
  orders: number
  /** More than the 1 000-product baseline: the scale run. */
  scale: boolean
  seconds: number
  warmup: number
  connections: number
  pgBase: string
  basePort: number
  targets: TargetKind[]
  /** --only list,detail: just those figures (while working on one of them). */
  onlyKeys: string[] | undefined
  /** --pool N: the store's DATABASE_POOL_MAX ('' keeps the app's default). */
  pool: string
  /** --no-prepared: the store's PostgreSQL URL turns named statements off (as behind PgBouncer 1.18). */
  prepared: boolean
  build: boolean
  lighthouse: boolean
  /** Where the filmstrip goes (undefined: no filmstrip unless --only filmstrip). */
  filmstripOut: string | undefined
}

/** --only keys measured in a browser rather than by autocannon. */
export const BROWSER_KEYS = ['lighthouse', 'page-load', 'filmstrip'] as const

/** Whether a browser measurement runs: every one in a run without --only, else those --only names (Lighthouse not with --no-lighthouse, the filmstrip only when asked for). */
export function browserRuns(o: Pick<BenchOptions, 'onlyKeys' | 'lighthouse' | 'filmstripOut'>, key: (typeof BROWSER_KEYS)[number]): boolean {
  if (key === 'filmstrip') return o.filmstripOut !== undefined || (o.onlyKeys?.includes(key) ?? false)
  if (key === 'lighthouse' && !o.lighthouse) return false
  return o.onlyKeys === undefined || o.onlyKeys.includes(key)
}

/** --only names browser measurements alone: no load figure, so one store (the last target) is enough. */
export const browserOnly = (o: Pick<BenchOptions, 'onlyKeys'>) =>
  o.onlyKeys !== undefined && o.onlyKeys.length > 0 && o.onlyKeys.every((k) => (BROWSER_KEYS as readonly string[]).includes(k))

export function parseOptions(argv: readonly string[]): BenchOptions {
  const flag = (name: string) => argv.includes(`--${name}`)
  const option = (name: string, fallback: string) => {
    const i = argv.indexOf(`--${name}`)
    return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback
  }
  const quick = flag('quick')
  const products = Number(option('products', '1000'))
  const orders = Number(option('orders', '1000'))
  const scale = products > 1000 || orders > 1000
  return {
    help: flag('help') || argv.includes('-h'),
    quick,
    products,
    orders,
    scale,
    seconds: Number(option('seconds', quick ? String(QUICK_SECONDS) : '10')),
    warmup: quick ? 1 : 2,
    connections: Number(option('connections', '50')),
    pgBase: option('pg', 'postgres://postgres@127.0.0.1:5432'),
    basePort: Number(option('port', '3700')),
    targets: option('targets', scale ? 'postgres' : 'pglite,postgres').split(',') as TargetKind[],
    onlyKeys: flag('only') ? option('only', '').split(',').filter(Boolean) : undefined,
    pool: option('pool', ''),
    prepared: !flag('no-prepared'),
    build: !flag('no-build'),
    lighthouse: !flag('no-lighthouse'),
    filmstripOut: flag('filmstrip-out') ? option('filmstrip-out', '') || undefined : undefined,
  }
}

export const repoRoot = fileURLToPath(new URL('../', import.meta.url))

export const log = (line: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`)
