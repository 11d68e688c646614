import { fixture } from '@shop/client-kit'
import {
  adminCategoriesReply,
  type AdminCategory,
  adminCategory,
  adminOrderList,
  adminOrderRow,
  type AdminProduct,
  adminProduct,
  adminProductList,
  type AdminProductRow,
  adminProductRow,
  adminShopSettings,
  customerCard,
  dashboardFigures,
  orderPage,
  shopSettings,
  staffMember,
} from '@shop/shared'
import type { z } from 'zod'

export const OWNER = fixture(staffMember, { _id: 's-1', email: 'amina@khatwa.dz', name: 'Amina Benali', role: 'owner' })

/** The storefront's settings (`GET /settings`): the back office shows the name and logo, the slips the phone. */
export const SHOP = {
  settings: fixture(shopSettings, {
    name: { ar: 'خطوة', fr: 'Khatwa' },
    logo: null,
    phone: null,
    whatsapp: null,
    email: null,
    address: { ar: null, fr: null },
    wilayaDivision: 58,
    bankDetails: null,
    ccpDetails: null,
    paymentMethods: ['cash_on_delivery'],
    orderLimits: { maxLineQuantity: 10, maxOrderQuantity: 20, maxOpenOrdersPerPhone: 3 },
  }),
}

export const FIGURES = fixture(dashboardFigures, {
  ordersToday: 14,
  revenueToday: 123400,
  revenueTodayByGroup: {
    pending: { orders: 6, amount: 52000 },
    toDeliver: { orders: 5, amount: 48400 },
    delivered: { orders: 3, amount: 23000 },
  },
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
  // a quiet month: the chart is drawn from the days with orders (tests that need it send their own)
  last30Days: [],
})

export const STAFF_MEMBER = fixture(staffMember, { _id: 's-2', email: 'karim@khatwa.dz', name: 'Karim Saadi', role: 'manager' })

export const AGENT = fixture(staffMember, { _id: 's-3', email: 'lina@khatwa.dz', name: 'Lina Mansouri', role: 'agent' })

export const ORDER_ROW = fixture(adminOrderRow, {
  _id: 'o-1',
  trackingNumber: 'KH-240117-0042',
  createdAt: '2025-11-21T09:30:00.000Z',
  status: 'pending',
  paymentMethod: 'cash_on_delivery',
  paymentStatus: 'unpaid',
  customerName: 'Yacine Haddad',
  phone: '0551234567',
  wilayaCode: 16,
  wilayaName: 'Alger',
  communeName: 'Bab Ezzouar',
  deliveryType: 'domicil',
  totalAmount: 9300,
  itemCount: 2,
  callAttempts: 1,
  hasReturnRequest: false,
  version: 3,
})

export const ORDER_LIST = fixture(adminOrderList, { orders: [ORDER_ROW], currentPage: 1, totalPages: 3, total: 101 })

export const ORDER_PAGE = fixture(orderPage, {
  order: {
    _id: 'o-1',
    trackingNumber: 'KH-240117-0042',
    createdAt: '2025-11-21T09:30:00.000Z',
    updatedAt: '2025-11-21T10:00:00.000Z',
    status: 'pending',
    paymentMethod: 'cash_on_delivery',
    paymentStatus: 'unpaid',
    paidAt: null,
    clientId: null,
    customerName: 'Yacine Haddad',
    customer: { firstName: 'Yacine', lastName: 'Haddad', phone: '0551234567', email: null },
    phone: '0551234567',
    address: {
      wilayaCode: 16,
      wilayaName: 'Alger',
      wilayaNameAr: 'الجزائر',
      wilayaNameFr: 'Alger',
      wilayaCode58: 16,
      wilaya58Name: 'Alger',
      communeId: 1602,
      communeName: 'Bab Ezzouar',
      communeNameAr: 'باب الزوار',
      communeNameFr: 'Bab Ezzouar',
      street: '12 rue Didouche Mourad',
    },
    deliveryType: 'domicil',
    deliveryFee: 480,
    deliveryTrackingId: null,
    coupon: { code: 'BIENVENUE10', discount: 980, released: false },
    subtotal: 9800,
    discount: 980,
    totalAmount: 9300,
    amountToCollect: 9300,
    itemCount: 2,
    notes: 'Sonner deux fois',
    customerNote: 'Sonner deux fois',
    callAttempts: 1,
    version: 3,
    items: [
      {
        _id: 'i-1',
        productId: 'p-1',
        variantId: 'v-1',
        name: 'Derby en cuir',
        nameAr: 'حذاء ديربي جلد',
        nameFr: 'Derby en cuir',
        image: null,
        size: '42',
        color: 'navy',
        sku: 'DER-42-NAVY',
        quantity: 2,
        unitPrice: 4900,
        lineTotal: 9800,
      },
    ],
  },
  history: [
    {
      _id: 1,
      kind: 'status',
      fromStatus: null,
      toStatus: 'pending',
      callOutcome: null,
      note: null,
      byClient: false,
      createdAt: '2025-11-21T09:30:00.000Z',
      staffName: null,
    },
    {
      _id: 2,
      kind: 'status',
      byClient: false,
      fromStatus: 'pending',
      toStatus: 'pending',
      callOutcome: 'no_answer',
      note: 'Rappeler après 17 h',
      createdAt: '2025-11-21T10:00:00.000Z',
      staffName: 'Amina Benali',
    },
  ],
  staffNotes: [],
  returnRequests: [],
  allowedMoves: ['confirmed', 'cancelled', 'deleted'],
})

/** The shop settings as GET /admin/settings returns them. */
export const SHOP_SETTINGS = fixture(adminShopSettings, {
  nameAr: 'خطوة',
  nameFr: 'Khatwa',
  logo: null,
  phone: null,
  whatsapp: null,
  email: null,
  addressAr: null,
  addressFr: null,
  bankDetails: null,
  ccpDetails: null,
  defaultHomeFee: 500,
  defaultStopdeskFee: 400,
  defaultReturnFee: 200,
  wilayaDivision: 58,
  maxLineQuantity: 10,
  maxOrderQuantity: 20,
  maxOpenOrdersPerPhone: 3,
  draftExpiryHours: 48,
  riskHighAmount: 15000,
  riskRecentOrders: 3,
  riskTrustedMaySkipCall: true,
  riskHighMustCall: true,
  riskVeryHighAction: 'hold',
  updatedAt: '2026-11-24T06:00:00.000Z',
})

/** A category of `GET /admin/categories`: top level, active, empty unless told. */
export function category(overrides: Partial<z.input<typeof adminCategory>> = {}): AdminCategory {
  return fixture(adminCategory, {
    _id: 'c-1',
    slug: 'chaussures',
    parentId: null,
    nameAr: 'أحذية',
    nameFr: 'Chaussures',
    descriptionAr: '',
    descriptionFr: '',
    position: 0,
    isActive: true,
    productCount: 0,
    ownProductCount: 0,
    childCount: 0,
    ...overrides,
  })
}

/** `GET /admin/categories` with these categories. */
export const categoryList = (categories: AdminCategory[]) => fixture(adminCategoriesReply, { categories, total: categories.length })

/** A product as the editor loads it (`GET /admin/products/:id`), without variants or photos unless told. */
export function editorProduct(overrides: Partial<z.input<typeof adminProduct>> = {}): AdminProduct {
  return fixture(adminProduct, {
    _id: 'p-1',
    slug: 'derby',
    nameAr: 'حذاء ديربي',
    nameFr: 'Derby',
    descriptionAr: '',
    descriptionFr: '',
    price: 5000,
    compareAtPrice: null,
    categoryId: 'c-1',
    isActive: true,
    soldCount: 0,
    createdAt: '2026-05-01T09:00:00.000Z',
    updatedAt: '2026-05-01T09:00:00.000Z',
    stockTotal: 0,
    variants: [],
    images: [],
    ...overrides,
  })
}

/** A line of the products table (`GET /admin/products`), in stock, without a photo unless told. */
export function productRow(overrides: Partial<z.input<typeof adminProductRow>> = {}): AdminProductRow {
  return fixture(adminProductRow, {
    _id: 'p-1',
    slug: 'derby',
    nameAr: 'حذاء ديربي',
    nameFr: 'Derby',
    descriptionAr: '',
    descriptionFr: '',
    price: 5000,
    compareAtPrice: null,
    categoryId: 'c-1',
    category: { _id: 'c-1', nameAr: 'أحذية', nameFr: 'Chaussures' },
    isActive: true,
    soldCount: 0,
    createdAt: '2026-05-01T09:00:00.000Z',
    updatedAt: '2026-05-01T09:00:00.000Z',
    stockTotal: 5,
    variantCount: 1,
    image: null,
    ...overrides,
  })
}

/** `GET /admin/products` with these rows on one page. */
export const productList = (products: AdminProductRow[]) => fixture(adminProductList, { products, currentPage: 1, totalPages: 1, total: products.length })

/** The customer card of ORDER_PAGE's phone: a history with returns and a fake order, one possible duplicate. */
export const CUSTOMER_CARD = fixture(customerCard, {
  phone: '0551234567',
  orders: [
    { _id: 'o-1', trackingNumber: 'KH-240117-0042', createdAt: '2025-11-21T09:30:00.000Z', status: 'pending', totalAmount: 9300, customerName: 'Yacine Haddad', onHold: false, callOutcomes: [], version: 3 },
    { _id: 'o-2', trackingNumber: 'KH-240117-0043', createdAt: '2025-11-21T09:00:00.000Z', status: 'pending', totalAmount: 4400, customerName: 'Yacine Haddad', onHold: false, callOutcomes: [], version: 1 },
    { _id: 'o-3', trackingNumber: 'KH-231001-0007', createdAt: '2025-10-01T09:00:00.000Z', status: 'returned', totalAmount: 6200, customerName: 'Yacine H', onHold: false, callOutcomes: ['confirmed'], version: 5 },
    { _id: 'o-4', trackingNumber: 'KH-230901-0003', createdAt: '2025-09-01T09:00:00.000Z', status: 'cancelled', totalAmount: 5100, customerName: 'Yacine H', onHold: false, callOutcomes: ['no_answer', 'fake'], version: 3 },
  ],
  counts: { orders: 4, delivered: 0, returned: 1, cancelled: 1, fake: 1, noAnswer: 0, wrongNumber: 0 },
  successRate: 0,
  firstOrderAt: '2025-09-01T09:00:00.000Z',
  lastOrderAt: '2025-11-21T09:30:00.000Z',
  notes: [{ _id: 'n-9', orderId: 'o-3', trackingNumber: 'KH-231001-0007', text: 'Refused at the door', staffName: 'Samir', createdAt: '2025-10-05T09:00:00.000Z' }],
  duplicates: [
    { _id: 'o-2', trackingNumber: 'KH-240117-0043', createdAt: '2025-11-21T09:00:00.000Z', status: 'pending', totalAmount: 4400, customerName: 'Yacine Haddad', onHold: false, callOutcomes: [], version: 1 },
  ],
  blacklist: null,
  risk: {
    level: 'very_high',
    score: 7,
    reasons: [
      { code: 'cancelled_as_fake', count: 1, points: 3 },
      { code: 'past_returns', count: 1, points: 2 },
      { code: 'many_recent_orders', count: 2, points: 2 },
    ],
    action: 'hold',
  },
})
