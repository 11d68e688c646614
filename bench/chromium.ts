/** The system Chromium the bench drives (Lighthouse and the page loads), and the flags it runs with. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** Headless, no sandbox (the bench may run as root), nothing fetched in the background. */
export const CHROMIUM_FLAGS = [
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
