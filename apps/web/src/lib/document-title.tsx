import { createContext, useContext, useEffect } from 'react'

/**
 * The tab's title of a page, in the shopper's language.
 *
 * The storefront renders with Preact, which (unlike React 19) does not move a `<title>` rendered inside the app
 * into the document's head. A page names its title with `<DocumentTitle>`: on the server the render collects
 * it and the server writes it into the head when the search-engine head has no title of its own (app.ts,
 * page-renderer.ts); in the browser it is set on `document.title`
 * and given back to the title below it when the page goes away. It renders nothing, so the server's HTML and
 * the hydrated page agree.
 *
 * The root layout's title is the `fallback`: a page's own title wins over it, the last mounted page's first.
 */
export interface TitleSink {
  titles: { text: string; fallback: boolean }[]
}

const TitleSinkContext = createContext<TitleSink | null>(null)
export const TitleSinkProvider = TitleSinkContext.Provider

/** The title a render collected: the last page title, else the fallback; null when none was rendered. */
export function collectedTitle(sink: TitleSink): string | null {
  const own = sink.titles.filter((title) => !title.fallback).at(-1)
  return (own ?? sink.titles.at(-1))?.text ?? null
}

const mounted: { text: string; fallback: boolean }[] = []

function applyTitle(): void {
  const title = collectedTitle({ titles: mounted })
  if (title !== null && document.title !== title) document.title = title
}

export function DocumentTitle({ children, fallback = false }: { children: string; fallback?: boolean }) {
  const sink = useContext(TitleSinkContext)
  if (sink) sink.titles.push({ text: children, fallback })
  useEffect(() => {
    const entry = { text: children, fallback }
    mounted.push(entry)
    applyTitle()
    return () => {
      mounted.splice(mounted.indexOf(entry), 1)
      applyTitle()
    }
  }, [children, fallback])
  return null
}
