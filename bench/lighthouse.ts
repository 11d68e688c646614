/** Lighthouse (mobile preset, simulated throttling) on the system Chromium, one browser for every page. */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

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
}

interface NetworkItem {
  resourceType?: string
  transferSize?: number
}

export async function lighthousePages(pages: { name: string; url: string }[], log: (line: string) => void): Promise<PageScore[]> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'bench-chrome-'))
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: [...FLAGS, `--user-data-dir=${profile}`] })
  const out: PageScore[] = []
  try {
    for (const page of pages) {
      try {
        const result = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
        const lhr = result?.lhr
        if (!lhr) throw new Error('no report')
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? null
        const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[]
        const js = items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + (i.transferSize ?? 0), 0)
        const total = items.reduce((s, i) => s + (i.transferSize ?? 0), 0)
        const score = lhr.categories.performance?.score
        const row: PageScore = {
          name: page.name,
          url: page.url,
          score: score === null || score === undefined ? null : Math.round(score * 100),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          jsKb: js / 1024,
          totalKb: total / 1024,
        }
        if (lhr.runtimeError) row.error = lhr.runtimeError.message
        out.push(row)
        log(`lighthouse ${page.name}: ${row.score} (LCP ${Math.round(row.lcpMs ?? 0)} ms)`)
      } catch (error) {
        out.push({ name: page.name, url: page.url, score: null, lcpMs: null, tbtMs: null, cls: null, jsKb: null, totalKb: null, error: String(error) })
      }
    }
  } finally {
    await chrome.kill()
    await rm(profile, { recursive: true, force: true })
  }
  return out
}
