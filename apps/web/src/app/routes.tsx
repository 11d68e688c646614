import type { RouteObject } from 'react-router'
import { CrashScreen } from './routes/crash-screen.tsx'
import { HomePage } from './routes/home.tsx'
import { RootLayout } from './routes/root-layout.tsx'

/**
 * Home is in the first bundle (it is where ads land); every other page is its own chunk.
 * Pages of the spec not built yet (/collection, /product/:id, /cart, ...) fall through to NOT-FOUND.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <CrashScreen />,
    HydrateFallback: () => null,
    children: [
      { index: true, Component: HomePage },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundPage }),
      },
    ],
  },
]
