import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import { ApiError } from './api.ts'

/** The id of the `<script type="application/json">` the server writes the first view's data into. */
export const RENDERED_STATE_ID = 'rendered-state'

interface SentError {
  apiError: { code: ApiError['code']; status: number; message: string }
}

function isSentError(value: unknown): value is SentError {
  return typeof value === 'object' && value !== null && 'apiError' in value
}

/**
 * The server's query cache as sent in the page: successful replies, and refusals of the API (a product that
 * does not exist renders its "not found" on both sides). Other failures are left for the browser to retry.
 */
export function dehydrateForPage(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' || (query.state.error instanceof ApiError && query.state.error.status < 500),
  })
  for (const query of state.queries) {
    const error = query.state.error
    if (error instanceof ApiError) {
      const sent: SentError = { apiError: { code: error.code, status: error.status, message: error.message } }
      query.state = { ...query.state, error: sent as unknown as ApiError }
    }
  }
  return state
}

/** JSON that cannot close the script element it sits in, nor open a comment there. */
export function stateScriptText(state: DehydratedState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** Puts what the server sent into the browser's cache (refusals as ApiError again); false when nothing was sent. */
export function hydrateFromPage(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(RENDERED_STATE_ID)
  if (!element?.textContent) return false
  let state: DehydratedState
  try {
    state = JSON.parse(element.textContent) as DehydratedState
  } catch {
    return false
  }
  for (const query of state.queries) {
    const error: unknown = query.state.error
    if (isSentError(error)) {
      const { code, status, message } = error.apiError
      query.state = { ...query.state, error: new ApiError(code, status, message) }
    }
  }
  hydrate(queryClient, state)
  return true
}
