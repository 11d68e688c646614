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

/** A page that is its own chunk: fetched on the first visit, then drawn at once. */
export interface LazyPage {
  /** The page's component once its chunk is here. */
  loaded(): ComponentType | undefined
  /** Fetches the chunk (once; again after a failure). */
  load(): Promise<ComponentType>
}

/**
 * A page whose code is its own chunk: the import is tried twice (a request lost on a shaky connection usually
 * goes through the second time) before the page is told with a PageLoadError.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let component: ComponentType | undefined
  let pending: Promise<ComponentType> | undefined
  const fetchPage = async (): Promise<ComponentType> => {
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
    component = pick(module)
    return component
  }
  return {
    loaded: () => component,
    load() {
      pending ??= fetchPage().catch((error: unknown) => {
        pending = undefined
        throw error
      })
      return pending
    },
  }
}
