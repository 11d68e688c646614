import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { FastifyRequest } from 'fastify'
import { fillTemplate, mainPhotoPreload, pageModulesMeta, pageAddress, pageEtag, pageLocale } from './page-renderer.ts'

const request = (query: Record<string, unknown>, cookie?: string) =>
  ({ query, headers: cookie === undefined ? {} : { cookie } }) as unknown as FastifyRequest

test('the page language: ?lang= first, then the lang cookie, then Arabic; anything else is ignored', () => {
  assert.equal(pageLocale(request({ lang: 'en' }, 'lang=fr')), 'en')
  assert.equal(pageLocale(request({}, 'session=abc; lang=fr')), 'fr')
  assert.equal(pageLocale(request({}, 'lang=fr; other=1')), 'fr')
  assert.equal(pageLocale(request({ lang: 'de' }, 'lang=xx')), 'ar')
  assert.equal(pageLocale(request({}, 'xlang=fr')), 'ar', 'another cookie ending in "lang" is not the language')
  assert.equal(pageLocale(request({})), 'ar')
})

test('the template gets the language, the direction, the rendered mark, the page, its data and the head tags', () => {
  const index =
    '<!doctype html><html lang="ar" dir="rtl"><head><title>x</title><link rel="modulepreload" crossorigin href="/c.js"></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>'
  const html = fillTemplate(index, { html: '<main>$& page</main>', state: '{"q":1}' }, 'rendered-state', 'fr', '<link rel="modulepreload" href="/b.js">')
  assert.match(html, /<html lang="fr" dir="ltr" data-rendered>/)
  assert.match(html, /<link rel="modulepreload" href="\/b\.js"><\/head>/)
  // the page is drawn by its HTML: its scripts wait behind the photo
  assert.match(html, /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/c\.js">/)
  assert.match(html, /<script type="module" fetchpriority="low" src="\/a\.js"><\/script>/)
  // a replacement pattern in the page ("$&") goes in as written
  assert.match(html, /<div id="root"><main>\$& page<\/main><\/div><script id="rendered-state" type="application\/json">\{"q":1\}<\/script><script type="module" fetchpriority="low"/)
})

test("the page's title replaces the template's, escaped; a page without one keeps the template's", () => {
  const index = '<!doctype html><html lang="ar" dir="rtl"><head><title>خطوة · Khatwa</title></head><body><div id="root"></div></body></html>'
  const titled = fillTemplate(index, { html: '<main></main>', state: '{}', title: 'Baskets <Rania> & "co"' }, 'rendered-state', 'fr')
  assert.match(titled, /<head><title>Baskets &lt;Rania&gt; &amp; &quot;co&quot;<\/title><\/head>/)
  assert.equal(titled.match(/<title>/g)?.length, 1)
  const untitled = fillTemplate(index, { html: '<main></main>', state: '{}', title: null }, 'rendered-state', 'fr')
  assert.match(untitled, /<title>خطوة · Khatwa<\/title>/)
})

test("a page's modules are its chunk and what it imports beyond the entry", () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    '_form.js': { file: 'assets/form.js', imports: ['_shared.js'] },
    'src/app/routes/product.tsx': { file: 'assets/product.js', imports: ['_form.js', '_shared.js'] },
    'assets/style.css': { file: 'assets/style.css' },
  }
  assert.equal(
    pageModulesMeta(manifest, 'product'),
    '<meta name="page-modules" content="/assets/product.js /assets/form.js">',
  )
  assert.equal(pageModulesMeta(manifest, 'unknown'), '')
})

test("the head preloads the page's main photo, the file its srcset and sizes pick", () => {
  const html =
    '<main><img src="/media/a-card.webp" alt=""><img alt="Derby" src="/media/p-large.webp" srcset="/media/p-card.webp 400w, /media/p-large.webp 1200w" sizes="(min-width: 768px) 50vw, 100vw" width="1200" height="1500" fetchpriority="high"></main>'
  assert.equal(
    mainPhotoPreload(html),
    '<link rel="preload" as="image" href="/media/p-large.webp" imagesrcset="/media/p-card.webp 400w, /media/p-large.webp 1200w" imagesizes="(min-width: 768px) 50vw, 100vw" fetchpriority="high">',
  )
  assert.equal(mainPhotoPreload('<main><img src="/media/a.webp" alt=""></main>'), '', 'no photo marked as the main one: no preload')
})

test('the ETag follows the HTML', () => {
  assert.equal(pageEtag('<p>a</p>'), pageEtag('<p>a</p>'))
  assert.notEqual(pageEtag('<p>a</p>'), pageEtag('<p>b</p>'))
  assert.match(pageEtag('x'), /^W\/"[\w-]+"$/)
})

test("a page's address without the ads' parameters: click ids and utm_ tags go, the rest stays as it came", () => {
  assert.equal(pageAddress('/product/derby?fbclid=IwAR0abc_def-1'), '/product/derby')
  assert.equal(pageAddress('/product/derby?utm_source=facebook&utm_campaign=aid%20sale&fbclid=x&lang=fr'), '/product/derby?lang=fr')
  assert.equal(pageAddress('/collection?ttclid=E.1&search=chaussure%20cuir&page=2&gclid=z'), '/collection?search=chaussure%20cuir&page=2')
  assert.equal(pageAddress('/product/derby?FBCLID=1&Utm_Medium=paid'), '/product/derby', 'whatever the case')
  assert.equal(pageAddress('/category/femme?minPrice=2000&maxPrice=9000'), '/category/femme?minPrice=2000&maxPrice=9000', 'nothing to take: the same string')
  assert.equal(pageAddress('/product/derby'), '/product/derby')
  assert.equal(pageAddress('/product/derby?&fbclid=1&'), '/product/derby', 'empty pairs go with them')
  assert.equal(pageAddress('/product/derby?fbclidx=1&xutm_a=2'), '/product/derby?fbclidx=1&xutm_a=2', 'only those names')
  assert.equal(pageAddress('/product/derby?%E0%A4=1&fbclid=2'), '/product/derby?%E0%A4=1', 'a name that does not decode stays')
})
