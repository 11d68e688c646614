import type { RouteObject } from 'react-router'
import { lazyPage } from '../lib/lazy-page.ts'
import { CrashScreen } from './routes/crash-screen.tsx'
import { HomePage } from './routes/home.tsx'
import { RootLayout } from './routes/root-layout.tsx'

/**
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
      { path: 'collection', lazy: lazyPage(() => import('./routes/collection.tsx'), (m) => m.CollectionPage) },
      { path: 'category/:categoryId', lazy: lazyPage(() => import('./routes/category.tsx'), (m) => m.CategoryPage) },
      { path: 'product/:productId', lazy: lazyPage(() => import('./routes/product.tsx'), (m) => m.ProductPage) },
      { path: 'cart', lazy: lazyPage(() => import('./routes/cart.tsx'), (m) => m.CartPage) },
      { path: 'place-order', lazy: lazyPage(() => import('./routes/place-order.tsx'), (m) => m.PlaceOrderPage) },
      { path: 'thank-you', lazy: lazyPage(() => import('./routes/thank-you.tsx'), (m) => m.ThankYouPage) },
      { path: 'orders', lazy: lazyPage(() => import('./routes/orders.tsx'), (m) => m.OrdersPage) },
      { path: 'profile', lazy: lazyPage(() => import('./routes/profile.tsx'), (m) => m.ProfilePage) },
      { path: 'login', lazy: lazyPage(() => import('./routes/login.tsx'), (m) => m.LoginPage) },
      { path: 'auth/login', lazy: lazyPage(() => import('./routes/auth-login.tsx'), (m) => m.AuthLoginPage) },
      { path: 'auth/register', lazy: lazyPage(() => import('./routes/auth-register.tsx'), (m) => m.AuthRegisterPage) },
      { path: 'verify', lazy: lazyPage(() => import('./routes/verify.tsx'), (m) => m.VerifyPage) },
      { path: 'tracking', lazy: lazyPage(() => import('./routes/tracking.tsx'), (m) => m.TrackingPage) },
      { path: 'about', lazy: lazyPage(() => import('./routes/about.tsx'), (m) => m.AboutPage) },
      { path: 'contact', lazy: lazyPage(() => import('./routes/contact.tsx'), (m) => m.ContactPage) },
      { path: 'terms', lazy: lazyPage(() => import('./routes/terms.tsx'), (m) => m.TermsPage) },
      { path: '*', lazy: lazyPage(() => import('./routes/not-found.tsx'), (m) => m.NotFoundPage) },
    ],
  },
]
