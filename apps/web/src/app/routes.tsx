import type { RouteObject } from 'react-router'
import { CrashScreen } from './routes/crash-screen.tsx'
import { HomePage } from './routes/home.tsx'
import { RootLayout } from './routes/root-layout.tsx'

/**
 * Home is in the first bundle (it is where ads land); every other page is its own chunk.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <CrashScreen />,
    HydrateFallback: () => null,
    children: [
      { index: true, Component: HomePage },
      { path: 'collection', lazy: async () => ({ Component: (await import('./routes/collection.tsx')).CollectionPage }) },
      { path: 'category/:categoryId', lazy: async () => ({ Component: (await import('./routes/category.tsx')).CategoryPage }) },
      { path: 'product/:productId', lazy: async () => ({ Component: (await import('./routes/product.tsx')).ProductPage }) },
      { path: 'cart', lazy: async () => ({ Component: (await import('./routes/cart.tsx')).CartPage }) },
      { path: 'place-order', lazy: async () => ({ Component: (await import('./routes/place-order.tsx')).PlaceOrderPage }) },
      { path: 'thank-you', lazy: async () => ({ Component: (await import('./routes/thank-you.tsx')).ThankYouPage }) },
      { path: 'orders', lazy: async () => ({ Component: (await import('./routes/orders.tsx')).OrdersPage }) },
      { path: 'profile', lazy: async () => ({ Component: (await import('./routes/profile.tsx')).ProfilePage }) },
      { path: 'login', lazy: async () => ({ Component: (await import('./routes/login.tsx')).LoginPage }) },
      { path: 'auth/login', lazy: async () => ({ Component: (await import('./routes/auth-login.tsx')).AuthLoginPage }) },
      { path: 'auth/register', lazy: async () => ({ Component: (await import('./routes/auth-register.tsx')).AuthRegisterPage }) },
      { path: 'verify', lazy: async () => ({ Component: (await import('./routes/verify.tsx')).VerifyPage }) },
      { path: 'tracking', lazy: async () => ({ Component: (await import('./routes/tracking.tsx')).TrackingPage }) },
      { path: 'about', lazy: async () => ({ Component: (await import('./routes/about.tsx')).AboutPage }) },
      { path: 'contact', lazy: async () => ({ Component: (await import('./routes/contact.tsx')).ContactPage }) },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundPage }),
      },
    ],
  },
]
