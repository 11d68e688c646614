import type { Staff } from '../features/auth/types.ts'
import type { DashboardFigures } from '../features/dashboard/types.ts'

export const OWNER: Staff = { _id: 's-1', email: 'amina@khatwa.dz', name: 'Amina Benali', role: 'owner' }

export const SHOP = { settings: { name: { ar: 'خطوة', fr: 'Khatwa' }, logo: null } }

export const FIGURES: DashboardFigures = {
  ordersToday: 14,
  revenueToday: 123400,
  awaitingConfirmation: 6,
  ordersByStatus: {
    pending: 6,
    confirmed: 3,
    processing: 2,
    shipped: 4,
    out_for_delivery: 1,
    delivered: 37,
    returned: 2,
    cancelled: 5,
    deleted: 0,
  },
  lowStock: [
    {
      variantId: 'v-1',
      productId: 'p-1',
      productName: { ar: 'حذاء ديربي جلد', fr: 'Derby en cuir' },
      size: '42',
      color: 'navy',
      stock: 0,
    },
    {
      variantId: 'v-2',
      productId: 'p-2',
      productName: { ar: 'صندل صيفي', fr: '' },
      size: '38',
      color: 'camel',
      stock: 3,
    },
  ],
}
