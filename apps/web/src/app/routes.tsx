import type { RouteObject } from 'react-router'
import { lazyPage } from '../lib/lazy-page.ts'
import { CrashScreen } from './routes/crash-screen.tsx'
import { HomePage } from './routes/home.tsx'
import { RootLayout } from './routes/root-layout.tsx'

/**
 * `handle.page` names the page's chunk (its file under routes/): the server adds a preload of that chunk to the
 * page it renders, so the browser fetches it with the entry instead of after it.
 *
 * Home is in the first bundle (it is where ads land); every other page is its own chunk, fetched on the
 * first visit (tried twice; if it still fails the error screen says "no connection", with a retry).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <CrashScreen />,
    HydrateFallback: () => null,
    children: [
      { index: true, Component: HomePage },
      { path: 'collection', handle: { page: 'collection' }, lazy: lazyPage(() => import('./routes/collection.tsx'), (m) => m.CollectionPage) },
      { path: 'category/:categoryId', handle: { page: 'category' }, lazy: lazyPage(() => import('./routes/category.tsx'), (m) => m.CategoryPage) },
      { path: 'product/:productId', handle: { page: 'product' }, lazy: lazyPage(() => import('./routes/product.tsx'), (m) => m.ProductPage) },
      { path: 'cart', handle: { page: 'cart' }, lazy: lazyPage(() => import('./routes/cart.tsx'), (m) => m.CartPage) },
      { path: 'place-order', handle: { page: 'place-order' }, lazy: lazyPage(() => import('./routes/place-order.tsx'), (m) => m.PlaceOrderPage) },
      { path: 'thank-you', handle: { page: 'thank-you' }, lazy: lazyPage(() => import('./routes/thank-you.tsx'), (m) => m.ThankYouPage) },
      { path: 'orders', handle: { page: 'orders' }, lazy: lazyPage(() => import('./routes/orders.tsx'), (m) => m.OrdersPage) },
      { path: 'profile', handle: { page: 'profile' }, lazy: lazyPage(() => import('./routes/profile.tsx'), (m) => m.ProfilePage) },
      { path: 'login', handle: { page: 'login' }, lazy: lazyPage(() => import('./routes/login.tsx'), (m) => m.LoginPage) },
      { path: 'auth/login', handle: { page: 'auth-login' }, lazy: lazyPage(() => import('./routes/auth-login.tsx'), (m) => m.AuthLoginPage) },
      { path: 'auth/register', handle: { page: 'auth-register' }, lazy: lazyPage(() => import('./routes/auth-register.tsx'), (m) => m.AuthRegisterPage) },
      { path: 'verify', handle: { page: 'verify' }, lazy: lazyPage(() => import('./routes/verify.tsx'), (m) => m.VerifyPage) },
      { path: 'confirm/:token', handle: { page: 'confirm' }, lazy: lazyPage(() => import('./routes/confirm.tsx'), (m) => m.ConfirmPage) },
      { path: 'tracking', handle: { page: 'tracking' }, lazy: lazyPage(() => import('./routes/tracking.tsx'), (m) => m.TrackingPage) },
      { path: 'about', handle: { page: 'about' }, lazy: lazyPage(() => import('./routes/about.tsx'), (m) => m.AboutPage) },
      { path: 'contact', handle: { page: 'contact' }, lazy: lazyPage(() => import('./routes/contact.tsx'), (m) => m.ContactPage) },
      { path: 'terms', handle: { page: 'terms' }, lazy: lazyPage(() => import('./routes/terms.tsx'), (m) => m.TermsPage) },
      { path: '*', handle: { page: 'not-found' }, lazy: lazyPage(() => import('./routes/not-found.tsx'), (m) => m.NotFoundPage) },
    ],
  },
]
