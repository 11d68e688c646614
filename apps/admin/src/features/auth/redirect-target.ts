const LOGIN = '/login'
// The router's basename: a target written as a full address (/admin/orders) is taken as /orders.
const BASENAME = '/admin'
const PROBE_ORIGIN = 'https://admin.invalid'

/** The sign-in page's path (inside /admin) that brings staff back to `from` once signed in. */
export function loginPath(from: string): string {
  return `${LOGIN}?redirect=${encodeURIComponent(from)}`
}

/**
 * Where to go after sign-in: the `redirect` query value when it is a path inside the back office,
 * else the dashboard. Another site (`//evil.example`, `https://...`, `/\evil`) is never a target.
 */
export function redirectTarget(search: URLSearchParams): string {
  const target = search.get('redirect')
  if (!target?.startsWith('/')) return '/'
  let url: URL
  try {
    url = new URL(target, PROBE_ORIGIN)
  } catch {
    return '/'
  }
  if (url.origin !== PROBE_ORIGIN || target.startsWith('//') || /[\\\s]/.test(target)) return '/'
  let path = url.pathname
  if (path === BASENAME || path.startsWith(`${BASENAME}/`)) path = path.slice(BASENAME.length) || '/'
  if (path === LOGIN) return '/'
  return `${path}${url.search}${url.hash}`
}
