import type { RouteObject } from 'react-router'
import { CrashScreen } from './routes/crash-screen.tsx'
import { DashboardPage } from './routes/dashboard.tsx'
import { LoginPage } from './routes/login.tsx'
import { NotFoundPage } from './routes/not-found.tsx'
import { StaffArea } from './routes/staff-area.tsx'

/** Served under /admin (see BASENAME): paths here are inside it, '/' is /admin and 'login' is /admin/login. */
export const BASENAME = '/admin'

// Screens (orders, products, ...) join the staff area as they are built; until then their addresses
// land on the not-found page inside the shell.
export const routes: RouteObject[] = [
  {
    errorElement: <CrashScreen />,
    children: [
      { path: 'login', Component: LoginPage },
      {
        Component: StaffArea,
        children: [
          { index: true, Component: DashboardPage },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]
