import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser, Locator, Page } from 'playwright-core'
import { launchBrowser } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { DESKTOP, type Locale, ownerCookie, PHONE, shopper, storeApi } from './shop.ts'

// The home page's banner carousel as shoppers see it, in Arabic (right to left) unless told, against the
// real server and the demo shop's three banners.

let store: RunningStore
let browser: Browser
let cookie: string

interface PublicBanner {
  _id: string
  link: string | null
}
interface AdminBanner {
  _id: string
  clickCount: number
  link: string | null
}

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

const carouselOf = (page: Page) => page.getByRole('region', { name: 'العروض' })
/** The slide shown now: the others are hidden from the accessibility tree. */
const slide = (page: Page, index: number, total: number) => carouselOf(page).getByRole('group', { name: `${index} من ${total}` })

/** True when the element lies within the window's width (the track has finished moving it in). */
async function isOnScreen(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.left >= -1 && box.right <= window.innerWidth + 1
  })
}

async function shows(page: Page, index: number, total: number, timeout = 2_000): Promise<void> {
  const current = slide(page, index, total)
  await current.waitFor({ timeout })
  // the 300 ms slide, then it must be the one on screen
  for (let i = 0; i < 20 && !(await isOnScreen(current)); i++) await page.waitForTimeout(50)
  assert.ok(await isOnScreen(current), `slide ${index} of ${total} is on screen`)
}

/** Console errors, less the 401 of the anonymous shopper's session check that every page makes. */
const withoutSignInCheck = (errors: string[]) => errors.filter((error) => !error.includes('401 (Unauthorized)'))

async function bannerClicks(id: string): Promise<number> {
  const { banners } = await storeApi<{ banners: AdminBanner[] }>(store.url, '/admin/banners?limit=50', { cookie })
  const banner = banners.find((b) => b._id === id)
  assert.ok(banner, `banner ${id} is listed in the back office`)
  return banner.clickCount
}

async function waitForClicks(id: string, expected: number): Promise<void> {
  let count = await bannerClicks(id)
  for (let i = 0; i < 50 && count !== expected; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    count = await bannerClicks(id)
  }
  assert.equal(count, expected, 'the back office counts the banner click')
}

describe('home banner carousel in a browser', { concurrency: false }, () => {
  let banners: PublicBanner[]
  before(async () => {
    ;({ banners } = await storeApi<{ banners: PublicBanner[] }>(store.url, '/banner/active'))
    assert.equal(banners.length, 3, 'the demo shop has three live banners')
  })

  test('it moves by itself, then with the buttons, the keys in the reading direction, Home, End and a swipe', async () => {
    const { context, page, errors } = await shopper(browser, store.url)
    try {
      await page.goto('/')
      await shows(page, 1, 3, 15_000)
      // no one touches it: the next banner within the 5 s period (and a little slack)
      await shows(page, 2, 3, 6_500)

      const carousel = carouselOf(page)
      await carousel.getByRole('button', { name: 'الشريحة التالية' }).click()
      await shows(page, 3, 3)
      await page.waitForTimeout(350)
      await carousel.getByRole('button', { name: 'الشريحة التالية' }).click()
      await shows(page, 1, 3) // round again
      await page.waitForTimeout(350)
      await carousel.getByRole('button', { name: 'الشريحة السابقة' }).click()
      await shows(page, 3, 3)

      // Focus is on a control inside the carousel. In Arabic the "next" arrow key points left.
      await page.waitForTimeout(350)
      await page.keyboard.press('ArrowLeft')
      await shows(page, 1, 3)
      await page.waitForTimeout(350)
      await page.keyboard.press('ArrowLeft')
      await shows(page, 2, 3)
      await page.waitForTimeout(350)
      await page.keyboard.press('ArrowRight')
      await shows(page, 1, 3)
      await page.waitForTimeout(350)
      await page.keyboard.press('End')
      await shows(page, 3, 3)
      await page.waitForTimeout(350)
      await page.keyboard.press('Home')
      await shows(page, 1, 3)

      // Two presses within 300 ms make one move.
      await page.waitForTimeout(350)
      await page.keyboard.press('ArrowLeft')
      await page.keyboard.press('ArrowLeft')
      await shows(page, 2, 3)
      await page.waitForTimeout(400)
      await shows(page, 2, 3)

      // Swipes on the picture: 40 px is not one, 80 px to the right (against Arabic reading) shows the next.
      await page.waitForTimeout(350)
      const picture = slide(page, 2, 3).locator('img')
      const box = await picture.boundingBox()
      assert.ok(box, 'the banner picture has a box')
      const y = box.y + box.height / 2
      const swipe = async (fromX: number, toX: number) => {
        await picture.dispatchEvent('pointerdown', { pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: fromX, clientY: y })
        await picture.dispatchEvent('pointerup', { pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: toX, clientY: y })
      }
      await swipe(150, 190)
      await page.waitForTimeout(350)
      await shows(page, 2, 3)
      await swipe(150, 230)
      await shows(page, 3, 3)
      assert.equal(new URL(page.url()).pathname, '/', 'swiping does not follow the banner link')

      // The dots are buttons.
      await page.waitForTimeout(350)
      await carousel.getByRole('button', { name: 'عرض الشريحة 1' }).click()
      await shows(page, 1, 3)
      assert.deepEqual(withoutSignInCheck(errors), [])
    } finally {
      await context.close()
    }
  })

  test('it holds still while pointed at, and never moves by itself for shoppers who ask for less motion', async () => {
    const { context, page } = await shopper(browser, store.url, { viewport: DESKTOP })
    try {
      await page.goto('/')
      await shows(page, 1, 3, 15_000)
      await carouselOf(page).hover()
      await page.waitForTimeout(6_000)
      await shows(page, 1, 3)
      // the pointer leaves: the count starts again
      await page.mouse.move(5, 5)
      await shows(page, 2, 3, 6_500)
    } finally {
      await context.close()
    }

    const calm = await shopper(browser, store.url)
    try {
      await calm.page.emulateMedia({ reducedMotion: 'reduce' })
      await calm.page.goto('/')
      await shows(calm.page, 1, 3, 15_000)
      await calm.page.waitForTimeout(6_000)
      await shows(calm.page, 1, 3)
      assert.equal(await carouselOf(calm.page).getByRole('button', { name: 'إيقاف التمرير التلقائي' }).count(), 0, 'nothing to pause')
      // the controls still work
      await carouselOf(calm.page).getByRole('button', { name: 'الشريحة التالية' }).click()
      await shows(calm.page, 2, 3)
    } finally {
      await calm.context.close()
    }
  })

  test('the keyboard focus follows the banner it moves to', async () => {
    const { context, page } = await shopper(browser, store.url, { viewport: DESKTOP })
    try {
      await page.goto('/')
      await shows(page, 1, 3, 15_000)
      await slide(page, 1, 3).getByRole('link', { name: 'تسوّق الآن' }).focus()
      await page.keyboard.press('ArrowLeft')
      await shows(page, 2, 3)
      const focused = await page.evaluate(() => document.activeElement?.closest('[aria-roledescription="شريحة"]')?.getAttribute('aria-label'))
      assert.equal(focused, '2 من 3')
    } finally {
      await context.close()
    }
  })

  test('a click on a banner opens its store page in the same tab and is counted in the back office', async () => {
    const first = banners[0]
    assert.ok(first?.link?.startsWith('/'), 'the first demo banner links inside the store')
    const before = await bannerClicks(first._id)
    const { context, page, errors } = await shopper(browser, store.url)
    try {
      await page.goto('/')
      const carousel = carouselOf(page)
      await carousel.getByRole('button', { name: 'إيقاف التمرير التلقائي' }).click()
      await carousel.getByRole('button', { name: 'عرض الشريحة 1' }).click()
      await shows(page, 1, 3)
      const link = slide(page, 1, 3).getByRole('link', { name: 'تسوّق الآن' })
      assert.equal(await link.getAttribute('target'), null, 'a store page opens in the same tab')
      await link.click()
      await page.waitForURL((url) => `${url.pathname}${url.search}` === first.link)
      await waitForClicks(first._id, before + 1)
      assert.deepEqual(withoutSignInCheck(errors), [])
    } finally {
      await context.close()
    }
  })

  test('a banner linking to another site opens it in a new tab, without this page as opener, and is counted', async () => {
    const second = banners[1]
    assert.ok(second)
    await storeApi(store.url, `/admin/banners/${second._id}`, { method: 'PATCH', cookie, body: { link: 'https://instagram.com/khatwa' } })
    const before = await bannerClicks(second._id)
    const { context, page } = await shopper(browser, store.url)
    try {
      // the other site is not reachable from the test machine: answer for it
      await context.route('https://instagram.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Instagram</title>' }))
      await page.goto('/')
      const carousel = carouselOf(page)
      await carousel.getByRole('button', { name: 'إيقاف التمرير التلقائي' }).click()
      await carousel.getByRole('button', { name: 'عرض الشريحة 2' }).click()
      await shows(page, 2, 3)
      const link = slide(page, 2, 3).getByRole('link', { name: 'تسوّق الآن' })
      assert.equal(await link.getAttribute('target'), '_blank')
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer')
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()])
      await tab.waitForURL('https://instagram.com/khatwa')
      assert.equal(new URL(page.url()).pathname, '/', 'the store stays open in its own tab')
      await waitForClicks(second._id, before + 1)
    } finally {
      await context.close()
      await storeApi(store.url, `/admin/banners/${second._id}`, { method: 'PATCH', cookie, body: { link: second.link } })
    }
  })

  for (const { locale, viewport, name } of [
    { locale: 'ar', viewport: PHONE, name: 'Arabic phone' },
    { locale: 'ar', viewport: DESKTOP, name: 'Arabic desktop' },
    { locale: 'fr', viewport: PHONE, name: 'French phone' },
    { locale: 'fr', viewport: DESKTOP, name: 'French desktop' },
  ] as { locale: Locale; viewport: typeof PHONE; name: string }[]) {
    test(`the shoe of each demo banner stays in view and uncovered (${name})`, async () => {
      const { context, page } = await shopper(browser, store.url, { locale, viewport })
      try {
        await page.goto('/')
        const carousel = page.getByRole('region', { name: locale === 'ar' ? 'العروض' : 'À la une' })
        await carousel.waitFor()
        await carousel.getByRole('button', { name: locale === 'ar' ? 'إيقاف التمرير التلقائي' : 'Mettre en pause le défilement' }).click()
        for (let index = 1; index <= 3; index++) {
          await carousel.getByRole('button', { name: locale === 'ar' ? `عرض الشريحة ${index}` : `Afficher la diapositive ${index}` }).click()
          const current = carousel.getByRole('group', { name: locale === 'ar' ? `${index} من 3` : `${index} sur 3` })
          await current.waitFor()
          await page.waitForTimeout(400)
          await current.locator('img').evaluate((image: HTMLImageElement) => image.decode())
          // The demo pictures (apps/api/src/seed/images.ts) stand the shoe on a plinth at x 63-89 %, y 51-71 %
          // of the 1920x1080 picture. Each corner of that box must be on screen, inside the picture's frame,
          // and not under the banner's text.
          const problems = await current.evaluate((group) => {
            const image = group.querySelector('img')
            const card = group.querySelector('h2')?.parentElement
            if (!image || !card) return ['no picture or no text card']
            const frame = image.getBoundingClientRect()
            const scale = Math.max(frame.width / image.naturalWidth, frame.height / image.naturalHeight)
            const drawnWidth = image.naturalWidth * scale
            const drawnHeight = image.naturalHeight * scale
            // object-position as the browser computed it, in percent (no inner functions: the page gets this code as text)
            const [px = '50%', py = '50%'] = getComputedStyle(image).objectPosition.split(' ')
            if (!px.endsWith('%') || !py.endsWith('%')) return [`object-position ${px} ${py} is not in percent`]
            const left = frame.left + (Number.parseFloat(px) / 100) * (frame.width - drawnWidth)
            const top = frame.top + (Number.parseFloat(py) / 100) * (frame.height - drawnHeight)
            const text = card.getBoundingClientRect()
            const out: string[] = []
            for (const [fx, fy] of [[0.64, 0.52], [0.88, 0.52], [0.64, 0.7], [0.88, 0.7], [0.76, 0.62]] as const) {
              const x = left + fx * drawnWidth
              const y = top + fy * drawnHeight
              const inFrame = x >= frame.left && x <= frame.right && y >= frame.top && y <= frame.bottom
              const onScreen = x >= 0 && x <= window.innerWidth
              const underText = x >= text.left && x <= text.right && y >= text.top && y <= text.bottom
              if (!inFrame || !onScreen) out.push(`shoe point (${fx}, ${fy}) is cropped out`)
              if (underText) out.push(`shoe point (${fx}, ${fy}) is under the text`)
            }
            return out
          })
          assert.deepEqual(problems, [], `banner ${index}`)
        }
        await page.screenshot({ path: `/tmp/carousel-${locale}-${viewport.width}.png` })
      } finally {
        await context.close()
      }
    })
  }

  test('a failed banner load shows the shop’s own hero with the message, in Arabic and in French', async () => {
    for (const [locale, message, cta] of [
      ['ar', 'تعذّر تحميل العروض. يُرجى المحاولة لاحقًا.', 'اكتشف التشكيلة'],
      ['fr', 'Impossible de charger les bannières. Veuillez réessayer plus tard.', 'Découvrir la collection'],
    ] as const) {
      const { context, page } = await shopper(browser, store.url, { locale })
      try {
        // the server renders the home page with its banners: the failure is met when the browser asks for them,
        // coming to the home page from another page of the store
        await page.goto('/about')
        await page.route('**/api/v1/banner/active', (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 'error', code: 'INTERNAL', message: 'down' }) }),
        )
        await page.getByRole('banner').getByRole('link', { name: locale === 'ar' ? 'خطوة، الصفحة الرئيسية' : 'Khatwa, accueil' }).first().click()
        await page.waitForURL((url) => url.pathname === '/')
        await page.getByRole('status').filter({ hasText: message }).waitFor()
        await page.getByRole('link', { name: cta }).waitFor()
      } finally {
        await context.close()
      }
    }
  })

  test('a logo that does not load gives way to the default logo', async () => {
    const { settings } = await storeApi<{ settings: { logo: string | null } }>(store.url, '/settings')
    assert.ok(settings.logo, 'the demo shop has a logo')
    const { context, page } = await shopper(browser, store.url)
    try {
      await page.route(`**${settings.logo}`, (route) => route.fulfill({ status: 404, body: 'not found' }))
      await page.goto('/')
      const home = page.getByRole('banner').getByRole('link', { name: 'خطوة، الصفحة الرئيسية' }).first()
      // attached, not visible: a broken logo leaves the link with nothing to show
      await home.waitFor({ state: 'attached' })
      // the picture in the home link once it has loaded (null while loading or broken)
      const shown = () =>
        home.locator('img').evaluate((image: HTMLImageElement) => (image.complete && image.naturalWidth > 0 ? image.getAttribute('src') : null))
      let src = await shown()
      for (let i = 0; i < 50 && src === null; i++) {
        await page.waitForTimeout(100)
        src = await shown()
      }
      assert.equal(src, '/favicon.svg', 'the default logo is shown')
    } finally {
      await context.close()
    }
  })
})
