import { type ReactNode, Suspense, useLayoutEffect } from 'react'

/**
 * The server's page hydrated in parts, each in a task of its own (the header, then the page, then the footer),
 * so the phone's main thread is never held for the whole page at once and a tap in between is answered.
 *
 * Preact hydrates a tree in one go. A part that suspends during hydration keeps the server's HTML as it is and
 * is hydrated when its promise settles: each part waits one more task than the one before. Each part's HTML is
 * compared with what it became once hydrated, and a difference is reported on the console as a hydration
 * mismatch (as `start.tsx` does for the rest of the page). Outside the first hydration (a page drawn in the
 * browser, the server, the tests) nothing waits.
 */

interface Part {
  waiting: boolean
  released: Promise<void>
  /** Called once the part is hydrated: compares it with the server's HTML. */
  done: () => void
}

const parts = new Map<string, Part>()
let allHydrated: Promise<void> = Promise.resolve()

/** Settles once every part of the first hydration is hydrated (at once when nothing was held back). */
export function partsHydrated(): Promise<void> {
  return allHydrated
}

function afterTasks(count: number): Promise<void> {
  return new Promise((resolve) => {
    let left = count
    const next = () => {
      left -= 1
      if (left <= 0) resolve()
      else setTimeout(next, 0)
    }
    setTimeout(next, 0)
  })
}

/**
 * Called just before the page is hydrated: the parts found in the server's HTML (`data-hydrate-part`) wait their
 * turn, in document order.
 */
export function holdPartsForHydration(root: HTMLElement, report: (part: string, before: string, after: string) => void): void {
  const found = [...root.querySelectorAll<HTMLElement>('[data-hydrate-part]')]
  const hydrated: Promise<void>[] = []
  found.forEach((element, index) => {
    const name = element.dataset.hydratePart ?? String(index)
    const serverHtml = element.innerHTML
    let done = () => {}
    hydrated.push(
      new Promise<void>((resolve) => {
        done = () => {
          const after = element.innerHTML
          if (after !== serverHtml) report(name, serverHtml, after)
          resolve()
        }
      }),
    )
    const part: Part = {
      waiting: true,
      done,
      released: afterTasks(index + 1).then(() => {
        part.waiting = false
      }),
    }
    parts.set(name, part)
  })
  allHydrated = Promise.all(hydrated).then(() => undefined)
}

function Gate({ name, children }: { name: string; children: ReactNode }) {
  const part = parts.get(name)
  useLayoutEffect(() => {
    if (!part) return
    parts.delete(name)
    part.done()
  }, [name, part])
  if (part?.waiting) throw part.released
  return children
}

/**
 * A part of the page hydrated in a task of its own. The wrapper takes no room (`display: contents`): the part's
 * own elements lay out as if it were not there.
 */
export function HydratePart({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-hydrate-part={name} className="contents">
      <Suspense fallback={null}>
        <Gate name={name}>{children}</Gate>
      </Suspense>
    </div>
  )
}
