/**
 * Lighthouse (mobile preset, simulated throttling) on the system Chromium, one browser for every page; each
 * page is run LIGHTHOUSE_RUNS times and each figure is the median of its runs.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { CHROME_PATH, CHROMIUM_FLAGS } from './chromium.ts'
import { median } from './page-load.ts'

export interface PageScore {
  name: string
  url: string
  score: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  jsKb: number | null
  totalKb: number | null
  error?: string
  /** Each run's figures (the row above holds their medians). */
  runs?: Omit<PageScore, 'runs' | 'name' | 'url'>[]
}

/** Runs per page; each figure of the report is the median of its runs. */
export const LIGHTHOUSE_RUNS = 3

/**
 * One row from a page's runs: each figure the median of the runs that produced it (a failed run counts for
 * none); the errors of failed runs kept, and a row that has no figure at all is a failure.
 */
export function medianScore(name: string, url: string, runs: Omit<PageScore, 'runs' | 'name' | 'url'>[]): PageScore {
  const m = (key: 'score' | 'lcpMs' | 'tbtMs' | 'cls' | 'jsKb' | 'totalKb') => median(runs.map((r) => r[key]))
  const errors = runs.map((r) => r.error).filter(Boolean)
  return {
    name,
    url,
    score: m('score'),
    lcpMs: m('lcpMs'),
    tbtMs: m('tbtMs'),
    cls: m('cls'),
    jsKb: m('jsKb'),
    totalKb: m('totalKb'),
    ...(errors.length ? { error: `${errors.length} of ${runs.length} runs: ${errors[0]}` } : {}),
    runs,
  }
}

interface NetworkItem {
  resourceType?: string
  transferSize?: number
}

export async function lighthousePages(pages: { name: string; url: string }[], log: (line: string) => void, runs = LIGHTHOUSE_RUNS): Promise<PageScore[]> {
  const chromeLauncher = await import('chrome-launcher')
  const { default: lighthouse } = await import('lighthouse')
  const profile = await mkdtemp(path.join(os.tmpdir(), 'bench-chrome-'))
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`] })
  const out: PageScore[] = []
  try {
    for (const page of pages) {
      const rows: Omit<PageScore, 'runs' | 'name' | 'url'>[] = []
      for (let i = 0; i < runs; i++) {
        try {
          const result = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
          const lhr = result?.lhr
          if (!lhr) throw new Error('no report')
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? null
          const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[]
          const js = items.filter((x) => x.resourceType === 'Script').reduce((s, x) => s + (x.transferSize ?? 0), 0)
          const total = items.reduce((s, x) => s + (x.transferSize ?? 0), 0)
          const score = lhr.categories.performance?.score
          const row: Omit<PageScore, 'runs' | 'name' | 'url'> = {
            score: score === null || score === undefined ? null : Math.round(score * 100),
            lcpMs: audit('largest-contentful-paint'),
            tbtMs: audit('total-blocking-time'),
            cls: audit('cumulative-layout-shift'),
            jsKb: js / 1024,
            totalKb: total / 1024,
          }
          if (lhr.runtimeError) row.error = lhr.runtimeError.message
          rows.push(row)
          log(`lighthouse ${page.name} ${i + 1}/${runs}: ${row.score} (LCP ${Math.round(row.lcpMs ?? 0)} ms, TBT ${Math.round(row.tbtMs ?? 0)} ms)`)
        } catch (error) {
          rows.push({ score: null, lcpMs: null, tbtMs: null, cls: null, jsKb: null, totalKb: null, error: String(error) })
        }
      }
      out.push(medianScore(page.name, page.url, rows))
    }
  } finally {
    await chrome.kill()
    await rm(profile, { recursive: true, force: true })
  }
  return out
}
