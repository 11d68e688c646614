import { vi } from 'vitest'

export interface FakeRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: Headers
  body: unknown
}

/** A handler's answer: the `data` of a success, or a refusal with its status, code and optional data. */
export type FakeReply =
  | { data: unknown; message?: string }
  | { status: number; code: string; message?: string; data?: unknown; errors?: { field: string; message: string }[] }

export type FakeHandler = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>)

/**
 * Like stubApi, but routes by method and path ('POST /cart/guest/add') and lets a handler read the
 * request (headers, body), so tests can check what the storefront sends. Every request is recorded.
 */
export function routeApi(routes: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    const path = url.pathname.replace(/^\/api\/v1/, '')
    const method = (init?.method ?? 'GET').toUpperCase()
    const request: FakeRequest = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    requests.push(request)
    const handler = routes[`${method} ${path}`] ?? routes[path]
    const reply: FakeReply = handler
      ? typeof handler === 'function'
        ? await handler(request)
        : handler
      : { status: 404, code: 'ROUTE_NOT_FOUND' }
    if ('data' in reply && !('code' in reply)) {
      return Response.json({ status: 'success', message: reply.message, data: reply.data })
    }
    const failure = reply as Extract<FakeReply, { code: string }>
    return Response.json(
      {
        status: failure.status >= 500 ? 'error' : 'fail',
        code: failure.code,
        message: failure.message ?? failure.code,
        errors: failure.errors,
        data: failure.data,
      },
      { status: failure.status },
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, requests, calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key) }
}
