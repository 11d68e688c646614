/** A banner's link as something safe to follow: an in-store path or an http(s) address, never `javascript:`. */
export type BannerTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string } | null

export function bannerTarget(link: string | null | undefined): BannerTarget {
  const value = link?.trim() ?? ''
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'internal', to: value }
  try {
    const url = new URL(value)
    if (url.protocol === 'https:' || url.protocol === 'http:') {
      return url.origin === window.location.origin
        ? { kind: 'internal', to: `${url.pathname}${url.search}${url.hash}` }
        : { kind: 'external', href: url.href }
    }
  } catch {
    // Not a URL: the banner is shown without a link.
  }
  return null
}
