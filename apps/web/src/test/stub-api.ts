import { vi } from 'vitest'

/** A reply of the fake API: the `data` of a success, or a refusal/crash envelope with its HTTP status. */
export type StubReply = { data: unknown } | { status: number; code: string; message?: string }

/**
 * Replaces `fetch` (happy-dom would really send the request) with a fake API answering by path
 * (`/settings`, `/banner/active`, ...); unknown paths get the API's 404 envelope.
 */
export function stubApi(replies: Record<string, StubReply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    const reply = replies[url.pathname.replace(/^\/api\/v1/, '')]
    if (reply && 'data' in reply) return Response.json({ status: 'success', data: reply.data })
    const failure = reply ?? { status: 404, code: 'ROUTE_NOT_FOUND' }
    const status = failure.status >= 500 ? 'error' : 'fail'
    return Response.json(
      { status, code: failure.code, message: failure.message ?? failure.code },
      { status: failure.status },
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
