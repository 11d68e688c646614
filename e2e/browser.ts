import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

// The flags the project uses for the system Chromium (headless in a container or CI runner: no sandbox, GPU, QUIC or background traffic).
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: FLAGS })
}

const cspViolations: string[] = []

/**
 * Records what Chromium logs when the store's Content-Security-Policy blocks something ("Refused to load
 * the script ... because it violates the following Content Security Policy directive"), for every page of
 * the context. Test files check `takeCspViolations()` after each test.
 */
export function watchCsp(context: BrowserContext): void {
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(`${message.page()?.url() ?? ''}: ${message.text()}`)
  })
}

/** The violations recorded since the last call (and forgets them). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0)
}

/** A fresh page with the back office in French (its language is kept in local storage). */
export async function frenchPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } })
  watchCsp(context)
  await context.addInitScript(() => window.localStorage.setItem('admin-lang', 'fr'))
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return page
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Mot de passe').fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor()
}
