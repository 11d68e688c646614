import type { RouteObject } from 'react-router'
import { CrashScreen } from './routes/crash-screen.tsx'
import { DashboardPage } from './routes/dashboard.tsx'
import { LoginPage } from './routes/login.tsx'
import { NotFoundPage } from './routes/not-found.tsx'
import { StaffArea } from './routes/staff-area.tsx'

/** Served under /admin (see BASENAME): paths here are inside it, '/' is /admin and 'login' is /admin/login. */
export const BASENAME = '/admin'

// The sign-in page, the shell and the dashboard are in the first bundle; every other screen is its own chunk.
export const routes: RouteObject[] = [
  {
    errorElement: <CrashScreen />,
    HydrateFallback: () => null,
    children: [
      { path: 'login', Component: LoginPage },
      {
        Component: StaffArea,
        children: [
          { index: true, Component: DashboardPage },
          { path: 'orders', lazy: async () => ({ Component: (await import('./routes/orders.tsx')).OrdersPage }) },
          { path: 'orders/new', lazy: async () => ({ Component: (await import('./routes/order-new.tsx')).OrderNewPage }) },
          { path: 'call-queue', lazy: async () => ({ Component: (await import('./routes/call-queue.tsx')).CallQueuePage }) },
          { path: 'orders/slips', lazy: async () => ({ Component: (await import('./routes/order-slips.tsx')).OrderSlipsPage }) },
          { path: 'callbacks', lazy: async () => ({ Component: (await import('./routes/callbacks.tsx')).CallbacksPage }) },
          { path: 'orders/:orderId', lazy: async () => ({ Component: (await import('./routes/order.tsx')).OrderPage }) },
          { path: 'products', lazy: async () => ({ Component: (await import('./routes/products.tsx')).ProductsPage }) },
          {
            path: 'products/:productId',
            lazy: async () => ({ Component: (await import('./routes/product-editor.tsx')).ProductEditorPage }),
          },
          {
            path: 'categories',
            lazy: async () => ({ Component: (await import('./routes/categories.tsx')).CategoriesPage }),
          },
          { path: 'coupons', lazy: async () => ({ Component: (await import('./routes/coupons.tsx')).CouponsPage }) },
          {
            path: 'delivery-prices',
            lazy: async () => ({ Component: (await import('./routes/delivery-prices.tsx')).DeliveryPricesPage }),
          },
          { path: 'couriers', lazy: async () => ({ Component: (await import('./routes/couriers.tsx')).CouriersPage }) },
          { path: 'courier-money', lazy: async () => ({ Component: (await import('./routes/courier-money.tsx')).CourierMoneyPage }) },
          { path: 'banners', lazy: async () => ({ Component: (await import('./routes/banners.tsx')).BannersPage }) },
          {
            path: 'messages',
            lazy: async () => ({ Component: (await import('./routes/messages.tsx')).MessagesPage }),
          },
          {
            path: 'newsletter',
            lazy: async () => ({ Component: (await import('./routes/newsletter.tsx')).NewsletterPage }),
          },
          { path: 'pixels', lazy: async () => ({ Component: (await import('./routes/pixels.tsx')).PixelsPage }) },
          { path: 'settings', lazy: async () => ({ Component: (await import('./routes/settings.tsx')).SettingsPage }) },
          { path: 'staff', lazy: async () => ({ Component: (await import('./routes/staff.tsx')).StaffPage }) },
          {
            path: 'audit-log',
            lazy: async () => ({ Component: (await import('./routes/audit-log.tsx')).AuditLogPage }),
          },
          { path: 'jobs', lazy: async () => ({ Component: (await import('./routes/jobs.tsx')).JobsPage }) },
          {
            path: 'blacklist',
            lazy: async () => ({ Component: (await import('./routes/blacklist.tsx')).BlacklistPage }),
          },
          { path: 'account', lazy: async () => ({ Component: (await import('./routes/account.tsx')).AccountPage }) },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]
