import { stat, readFile } from 'node:fs/promises'
import { formatPrice, type Locale } from '@shop/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isUuid } from '../../http/paging.ts'
import { WEB_INDEX_HTML } from '../../paths.ts'
import { listActiveCategories } from '../catalogue/catalogue.repo.ts'
import { pickLocalized as localized } from '@shop/shared'
import { listActiveBanners } from '../banners/banners.repo.ts'
import { findProductDetail } from '../catalogue/product-detail.repo.ts'
import { getShopSettings } from '../settings/settings.repo.ts'
import { pageLocale } from '../pages/page-renderer.ts'
import { injectHead, type PageTags, summarize } from './seo.tags.ts'

/** The product gallery's main <img sizes> (apps/web product-gallery.tsx): the preload must pick the same file. */
export const PRODUCT_GALLERY_SIZES = '(min-width: 1280px) 596px, (min-width: 768px) calc(50vw - 44px), 100vw'
/** The home banner's <img sizes> (apps/web hero-slide.tsx): phones show the 16:9 picture cropped to a square. */
export const HERO_IMAGE_SIZES = '(min-width: 640px) 100vw, 178vw'

export const DEFAULT_INDEX_PATH = WEB_INDEX_HTML

export interface StorefrontHtmlOptions {
  /** The built storefront's index.html (tests pass a fixture). */
  indexPath?: string
  /**
   * The page is rendered on the server: its own `<img fetchpriority="high">` (which the server also preloads in the
   * head: page-renderer.ts mainPhotoPreload) is the photo the page really shows first (the default colour's), so
   * these tags preload no image of their own.
   */
  rendered?: boolean
}

export interface StorefrontPage {
  statusCode: number
  html: string
}

// The built file only changes with a deploy: it is read once and kept, re-read only when its mtime moves.
const indexCache = new Map<string, { mtimeMs: number; html: string }>()

export async function readIndex(indexPath: string): Promise<string | null> {
  let info: Awaited<ReturnType<typeof stat>>
  try {
    info = await stat(indexPath)
  } catch {
    return null
  }
  const cached = indexCache.get(indexPath)
  if (cached && cached.mtimeMs === info.mtimeMs) return cached.html
  const html = await readFile(indexPath, 'utf8')
  indexCache.set(indexPath, { mtimeMs: info.mtimeMs, html })
  return html
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '::1', '[::1]']
const ANY_INTERFACE = ['0.0.0.0', '::', '[::]']

/**
 * PUBLIC_URL when set (behind a proxy it is the only trustworthy origin). Without it, the request's own
 * origin only when its host is one the shop lists (ALLOWED_HOSTS, localhost, the listening HOST): any
 * other Host header is the sender's word, so links stay relative ('') rather than point elsewhere.
 */
export function siteOrigin(app: FastifyInstance, request: FastifyRequest): string {
  if (app.config.PUBLIC_URL) return app.config.PUBLIC_URL.replace(/\/+$/, '')
  // the whole header is a name and an optional port: nothing else ("localhost@evil.example") gets through
  const match = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i.exec(request.host)
  if (!match) return ''
  const hostname = (match[1] as string).toLowerCase()
  const listening = app.config.HOST.toLowerCase()
  const allowed = [...LOCAL_HOSTS, ...(app.config.ALLOWED_HOSTS ?? [])]
  if (!ANY_INTERFACE.includes(listening)) allowed.push(listening)
  if (!allowed.includes(hostname)) return ''
  const protocol = request.protocol === 'https' ? 'https' : 'http'
  return `${protocol}://${hostname}${match[2] ? `:${Number(match[2])}` : ''}`
}


const PRODUCT_PATH = /^\/product\/([^/]+)\/?$/
const CATEGORY_PATH = /^\/category\/([^/]+)\/?$/

function decodeSegment(segment: string): string | null {
  try {
    const value = decodeURIComponent(segment).trim()
    return value && value.length <= 200 ? value : null
  } catch {
    return null
  }
}

/**
 * The storefront's index.html for a client-side route, with the page's own title, description,
 * canonical URL, sharing tags and product data when the route names a product or a category
 * (404 with the same app when it does not exist); null to send the built file unchanged.
 */
export async function storefrontHtml(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
  options: StorefrontHtmlOptions = {},
): Promise<StorefrontPage | null> {
  const productMatch = PRODUCT_PATH.exec(pathname)
  const categoryMatch = productMatch ? null : CATEGORY_PATH.exec(pathname)
  const isHome = pathname === '/'
  if (!productMatch && !categoryMatch && !isHome) return null
  const index = await readIndex(options.indexPath ?? DEFAULT_INDEX_PATH)
  if (index === null) return null

  const locale = pageLocale(request)
  const origin = siteOrigin(app, request)
  const settings = await getShopSettings(app.db)
  const siteName = localized(settings.nameAr, settings.nameFr, locale) || 'Khatwa'
  const withoutPreload = (tags: PageTags): PageTags => (options.rendered ? { ...tags, preloadImage: undefined } : tags)
  if (isHome) return { statusCode: 200, html: injectHead(index, withoutPreload(await homeTags(app, { locale, origin, siteName }))) }
  const key = decodeSegment((productMatch ?? categoryMatch)?.[1] ?? '')

  const tags = productMatch
    ? key && (await productTags(app, key, { locale, origin, siteName }))
    : key && (await categoryTags(app, key, { locale, origin, siteName }))
  if (tags) return { statusCode: 200, html: injectHead(index, withoutPreload(tags)) }

  // Unknown id: the app still loads (it shows its own "not found"), but crawlers get a 404.
  const notFound: PageTags = {
    locale,
    title: siteName,
    description: siteName,
    canonicalUrl: `${origin}${pathname}`,
    siteName,
    type: 'website',
    noIndex: true,
  }
  return { statusCode: 404, html: injectHead(index, notFound) }
}

interface TagContext {
  locale: Locale
  origin: string
  siteName: string
}

async function productTags(app: FastifyInstance, key: string, ctx: TagContext): Promise<PageTags | null> {
  const detail = await findProductDetail(app.db, key, ctx.locale)
  if (!detail) return null
  const { product } = detail
  const name = localized(product.nameAr, product.nameFr, ctx.locale)
  const url = `${ctx.origin}/product/${product._id}`
  const images = (product.images.length ? product.images : product.image ? [product.image] : []).map((image) => ({
    ...image,
    url: `${ctx.origin}${image.src}`,
  }))
  const price = formatPrice(product.price, ctx.locale)
  const description = summarize(product.description || `${name} · ${price}`)
  const first = images[0]
  return {
    locale: ctx.locale,
    title: `${name} · ${price} · ${ctx.siteName}`,
    description,
    canonicalUrl: url,
    siteName: ctx.siteName,
    type: 'product',
    price: product.price,
    image: first ? { url: first.url, width: first.width, height: first.height, alt: name } : undefined,
    preloadImage: first ? { src: first.src, srcSet: first.srcSet, sizes: PRODUCT_GALLERY_SIZES } : undefined,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      description: summarize(product.description || name, 5000),
      sku: product._id,
      url,
      image: images.map((image) => image.url),
      category: product.category.name,
      brand: { '@type': 'Brand', name: ctx.siteName },
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'DZD',
        price: String(product.price),
        availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: ctx.siteName },
      },
    },
  }
}

/** The home page: the shop's name, and the first banner (the first view's largest image) preloaded. */
async function homeTags(app: FastifyInstance, ctx: TagContext): Promise<PageTags> {
  const [banner] = await listActiveBanners(app.db)
  return {
    locale: ctx.locale,
    title: ctx.siteName,
    description: ctx.siteName,
    canonicalUrl: `${ctx.origin}/`,
    siteName: ctx.siteName,
    type: 'website',
    image: banner ? { url: `${ctx.origin}${banner.image.src}`, width: banner.image.width, height: banner.image.height, alt: ctx.siteName } : undefined,
    preloadImage: banner ? { src: banner.image.src, srcSet: banner.image.srcSet, sizes: HERO_IMAGE_SIZES } : undefined,
  }
}

async function categoryTags(app: FastifyInstance, key: string, ctx: TagContext): Promise<PageTags | null> {
  const all = await listActiveCategories(app.db)
  const category = all.find((c) => (isUuid(key) && c.id === key.toLowerCase()) || c.slug === key)
  if (!category) return null
  const name = localized(category.nameAr, category.nameFr, ctx.locale)
  const description = localized(category.descriptionAr, category.descriptionFr, ctx.locale)
  return {
    locale: ctx.locale,
    title: `${name} · ${ctx.siteName}`,
    description: summarize(description || `${name} · ${ctx.siteName}`),
    canonicalUrl: `${ctx.origin}/category/${category.id}`,
    siteName: ctx.siteName,
    type: 'website',
  }
}
