import { type ReactNode, Suspense } from 'react'

const never = new Promise<never>(() => {})

function KeepServerHtml(): never {
  throw never
}

/**
 * What only the server draws and the browser keeps as it came, never drawn again: a `<noscript>` fallback,
 * whose content the browser reads as plain text when scripts run (hydrating it would rebuild it, or report a
 * mismatch). During hydration a part that suspends keeps the server's HTML as it is; this one never resumes.
 * In a page drawn in the browser alone it is nothing. `children` must be one element.
 */
export function ServerHtml({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{typeof document === 'undefined' ? children : <KeepServerHtml />}</Suspense>
}
