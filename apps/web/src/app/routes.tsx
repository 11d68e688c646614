import { useEffect, useReducer, useRef, useState } from 'react'
import { type Location, matchPath, Route, Routes, useLocation } from 'react-router'
import { lazyPage, type LazyPage } from '../lib/lazy-page.ts'
import { CrashBoundary } from './routes/crash-screen.tsx'
import { RootLayout } from './routes/root-layout.tsx'

/** A storefront page other than home: its own chunk, fetched on the first visit. */
export interface PageRoute {
  /** Its path under the root, as React Router reads it. */
  path: string
  /** The page's chunk (its file under routes/): the server preloads it with the entry. */
  page: string
  lazy: LazyPage
}

/**
 * Every page is its own chunk, home included (a shopper from an ad lands on a product page, which does not need
 * the home page's carousel): fetched with the app on the page's first load (the server names it), else on the
 * first visit (tried twice; if it still fails the crash boundary says "no connection", with a retry).
 * The catch-all comes last: the first route whose path matches an address is its page.
 */
export const homeRoute: PageRoute = { path: '', page: 'home', lazy: lazyPage(() => import('./routes/home.tsx'), (m) => m.HomePage) }

export const pageRoutes: PageRoute[] = [
  { path: 'collection', page: 'collection', lazy: lazyPage(() => import('./routes/collection.tsx'), (m) => m.CollectionPage) },
  { path: 'category/:categoryId', page: 'category', lazy: lazyPage(() => import('./routes/category.tsx'), (m) => m.CategoryPage) },
  { path: 'product/:productId', page: 'product', lazy: lazyPage(() => import('./routes/product.tsx'), (m) => m.ProductPage) },
  { path: 'cart', page: 'cart', lazy: lazyPage(() => import('./routes/cart.tsx'), (m) => m.CartPage) },
  { path: 'place-order', page: 'place-order', lazy: lazyPage(() => import('./routes/place-order.tsx'), (m) => m.PlaceOrderPage) },
  { path: 'thank-you', page: 'thank-you', lazy: lazyPage(() => import('./routes/thank-you.tsx'), (m) => m.ThankYouPage) },
  { path: 'orders', page: 'orders', lazy: lazyPage(() => import('./routes/orders.tsx'), (m) => m.OrdersPage) },
  { path: 'profile', page: 'profile', lazy: lazyPage(() => import('./routes/profile.tsx'), (m) => m.ProfilePage) },
  { path: 'login', page: 'login', lazy: lazyPage(() => import('./routes/login.tsx'), (m) => m.LoginPage) },
  { path: 'auth/login', page: 'auth-login', lazy: lazyPage(() => import('./routes/auth-login.tsx'), (m) => m.AuthLoginPage) },
  { path: 'auth/register', page: 'auth-register', lazy: lazyPage(() => import('./routes/auth-register.tsx'), (m) => m.AuthRegisterPage) },
  { path: 'verify', page: 'verify', lazy: lazyPage(() => import('./routes/verify.tsx'), (m) => m.VerifyPage) },
  { path: 'confirm/:token', page: 'confirm', lazy: lazyPage(() => import('./routes/confirm.tsx'), (m) => m.ConfirmPage) },
  { path: 'tracking', page: 'tracking', lazy: lazyPage(() => import('./routes/tracking.tsx'), (m) => m.TrackingPage) },
  { path: 'about', page: 'about', lazy: lazyPage(() => import('./routes/about.tsx'), (m) => m.AboutPage) },
  { path: 'contact', page: 'contact', lazy: lazyPage(() => import('./routes/contact.tsx'), (m) => m.ContactPage) },
  { path: 'terms', page: 'terms', lazy: lazyPage(() => import('./routes/terms.tsx'), (m) => m.TermsPage) },
  { path: '*', page: 'not-found', lazy: lazyPage(() => import('./routes/not-found.tsx'), (m) => m.NotFoundPage) },
]

/** The page of an address with its parameters; home's route has no path. */
export function matchPage(pathname: string): { route: PageRoute; params: Record<string, string | undefined> } {
  if (matchPath({ path: '/', end: true }, pathname)) return { route: homeRoute, params: {} }
  for (const route of pageRoutes) {
    const match = matchPath({ path: `/${route.path}`, end: true }, pathname)
    if (match) return { route, params: match.params }
  }
  // unreachable: the catch-all matches every address
  return { route: pageRoutes.at(-1) as PageRoute, params: {} }
}

/**
 * Whether a page's code is here; when not, fetches it (the component draws again once it is), and throws a
 * failure to fetch it to the crash boundary ("no connection").
 */
function usePageCode(lazy: LazyPage): boolean {
  const [, arrived] = useReducer((n: number) => n + 1, 0)
  const [failure, setFailure] = useState<unknown>(undefined)
  const ready = lazy.loaded() !== undefined
  useEffect(() => {
    if (ready) return
    let current = true
    lazy.load().then(
      () => current && arrived(),
      (error: unknown) => current && setFailure(error),
    )
    return () => {
      current = false
    }
  }, [lazy, ready])
  if (failure !== undefined) throw failure
  return ready
}

/**
 * A page's chunk, drawn as soon as it is here (at once when it was fetched before, as before hydrating). Its
 * fetch is started by useShownLocation, which draws the pages again when it arrives.
 */
function LazyPageView({ lazy }: { lazy: LazyPage }) {
  const Page = lazy.loaded()
  // the page's place is kept while its code arrives, so the footer does not jump up and down
  return Page ? <Page /> : <div className="min-h-[60vh]" aria-busy="true" />
}

/**
 * The address the pages are drawn for: the current one once its page's code is here, else the one before, still on
 * screen meanwhile (a tap on "order" keeps its busy button until the thank-you page can be drawn, never a blank
 * page). The pages below read this address (React Router's `<Routes location>`).
 */
function useShownLocation(): Location {
  const location = useLocation()
  const shown = useRef(location)
  if (usePageCode(matchPage(location.pathname).route.lazy)) shown.current = location
  return shown.current
}

function Pages() {
  return (
    <Routes location={useShownLocation()}>
      <Route path="/" element={<RootLayout />}>
        <Route index element={<LazyPageView key="home" lazy={homeRoute.lazy} />} />
        {pageRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<LazyPageView key={route.path} lazy={route.lazy} />} />
        ))}
      </Route>
    </Routes>
  )
}

/** The storefront's pages in the shop's frame (header, footer), with the crash screen as the last resort. */
export function AppRoutes() {
  const { pathname } = useLocation()
  return (
    <CrashBoundary at={pathname}>
      <Pages />
    </CrashBoundary>
  )
}
