import type { ComponentType } from 'react'

/**
 * A page's code could not be fetched (offline, a dropped 3G connection, or a deploy that replaced the
 * file): the router shows the "no connection" screen for it, not the crash screen.
 */
export class PageLoadError extends Error {
  override readonly name = 'PageLoadError'

  constructor(cause: unknown) {
    super('A page of the store could not be loaded', { cause })
  }
}

export function isPageLoadError(error: unknown): error is PageLoadError {
  return error instanceof PageLoadError
}

const RETRY_DELAY_MS = 800

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * The `lazy` of a route whose page is its own chunk: the import is tried twice (a request lost on a
 * shaky connection usually goes through the second time) before the router is told with a PageLoadError.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): () => Promise<{ Component: ComponentType }> {
  return async () => {
    let module: M
    try {
      module = await load()
    } catch {
      await pause(RETRY_DELAY_MS)
      try {
        module = await load()
      } catch (error) {
        throw new PageLoadError(error)
      }
    }
    return { Component: pick(module) }
  }
}
