import { vi } from 'vitest'

/** A reply of the fake API: the `data` of a success, or a refusal/crash envelope with its HTTP status. */
export type StubReply =
  | { data: unknown }
  | { status: number; code: string; message?: string; errors?: { field: string; message: string }[]; data?: unknown }

/** A fixed reply, or one computed from the request (its method and JSON body), possibly late or never. */
export type StubHandler = StubReply | ((request: { method: string; body: unknown }) => StubReply | Promise<StubReply>)

function toResponse(reply: StubReply): Response {
  // a refusal may carry data too (the fresh values of a 409): its HTTP status tells it apart
  if (!('status' in reply)) return Response.json({ status: 'success', data: reply.data })
  const { status, ...rest } = reply
  return Response.json({ status: status >= 500 ? 'error' : 'fail', message: rest.code, ...rest }, { status })
}

/**
 * Replaces `fetch` (happy-dom would really send the request) with a fake API answering by path
 * (`/admin/auth/me`, `/admin/dashboard`, ...); unknown paths get the API's 404 envelope.
 */
export function stubApi(handlers: Record<string, StubHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    const handler = handlers[url.pathname.replace(/^\/api\/v1/, '')]
    if (!handler) return toResponse({ status: 404, code: 'ROUTE_NOT_FOUND' })
    if (typeof handler !== 'function') return toResponse(handler)
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    return toResponse(await handler({ method: init?.method ?? 'GET', body }))
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The requests sent to one path: method, headers and parsed JSON body. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => String(input) === `/api/v1${path}`)
    .map(([, init]) => ({
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }))
}
