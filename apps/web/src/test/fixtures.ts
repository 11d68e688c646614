import { fixture } from '@shop/client-kit'
import {
  activeBanner,
  clientUser,
  type ClientOrder,
  clientOrder,
  type HomepageCategory,
  homepageCategory,
  type PlacedOrder,
  placedOrder,
  type ProductSummary,
  productSummary,
  shopSettings,
  type TrackedOrder,
  trackedOrder,
} from '@shop/shared'
import type { z } from 'zod'

export const SETTINGS = fixture(shopSettings, {
  name: { ar: 'خطوة', fr: 'Khatwa' },
  logo: null,
  phone: '0555123456',
  email: 'contact@khatwa.dz',
  address: { ar: 'الجزائر العاصمة', fr: 'Alger' },
  whatsapp: '0555123456',
  wilayaDivision: 58,
  bankDetails: null,
  ccpDetails: 'CCP 0012345678 clé 90, Khatwa SARL',
  paymentMethods: ['cash_on_delivery', 'ccp'],
  orderLimits: { maxLineQuantity: 10, maxOrderQuantity: 20, maxOpenOrdersPerPhone: 3 },
})

/** A signed-in shopper, as the session, the profile and login return them. */
export const SHOPPER = fixture(clientUser, {
  _id: 'u1',
  firstName: 'Amine',
  lastName: 'Benali',
  name: 'Amine Benali',
  email: 'amine@example.dz',
  phone: '0551234567',
  dateOfBirth: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  totalOrders: 3,
})

export function product(overrides: Partial<z.input<typeof productSummary>> = {}): ProductSummary {
  return fixture(productSummary, {
    _id: 'p-1',
    slug: 'derby-cuir',
    name: 'حذاء ديربي جلد',
    nameAr: 'حذاء ديربي جلد',
    nameFr: 'Derby en cuir',
    price: 5400,
    compareAtPrice: null,
    percentOff: 0,
    inStock: true,
    stock: 12,
    sizes: ['40', '41', '42'],
    colors: ['black'],
    image: {
      src: '/media/products/derby-cuir-1-600.webp',
      srcSet:
        '/media/products/derby-cuir-1-300.webp 300w, /media/products/derby-cuir-1-600.webp 600w, /media/products/derby-cuir-1-1200.webp 1200w',
      width: 1200,
      height: 1200,
    },
    category: 'c-men',
    createdAt: '2026-05-01T09:00:00.000Z',
    ...overrides,
  })
}

export const CATEGORIES: HomepageCategory[] = [
  fixture(homepageCategory, {
    _id: 'c-men',
    slug: 'hommes',
    name: 'رجال',
    nameAr: 'رجال',
    nameFr: 'Hommes',
    description: '',
    parentId: null,
    position: 0,
    products: [
      product(),
      product({
        _id: 'p-2',
        slug: 'basket-blanche',
        nameAr: 'حذاء رياضي أبيض',
        nameFr: 'Basket blanche',
        price: 4000,
        compareAtPrice: 5000,
        percentOff: 20,
      }),
      product({ _id: 'p-3', slug: 'mocassin', nameAr: 'موكاسان', nameFr: 'Mocassin', inStock: false, stock: 0 }),
      // The French name is empty: French and English readers get the Arabic one.
      product({ _id: 'p-4', slug: 'sandale', nameAr: 'صندل صيفي', nameFr: '', price: 2500, image: null }),
    ],
  }),
  fixture(homepageCategory, {
    _id: 'c-women',
    slug: 'femmes',
    name: 'نساء',
    nameAr: 'نساء',
    nameFr: 'Femmes',
    description: '',
    parentId: null,
    position: 1,
    products: [product({ _id: 'p-5', slug: 'escarpin', nameAr: 'حذاء كعب', nameFr: 'Escarpin', price: 12900, category: 'c-women' })],
  }),
]

export const BANNERS = [
  fixture(activeBanner, {
    _id: 'b-1',
    title: 'تشكيلة الصيف',
    description: 'صنادل مريحة',
    titleAr: 'تشكيلة الصيف',
    titleFr: 'Collection été',
    descriptionAr: 'صنادل مريحة',
    descriptionFr: 'Des sandales confortables',
    link: '/collection',
    order: 0,
    isActive: true,
    startDate: null,
    endDate: null,
    image: {
      src: '/media/banners/summer-1920.webp',
      srcSet: '/media/banners/summer-960.webp 960w, /media/banners/summer-1920.webp 1920w',
      width: 1920,
      height: 1080,
    },
    focalPoint: { x: 50, y: 50 },
  }),
]

/** An order as its owner reads it (`POST /order/guest`, `GET /order/client/:id`), built through its contract. */
export function placedOrderOf(overrides: Partial<z.input<typeof placedOrder>> = {}): PlacedOrder {
  return fixture(placedOrder, {
    _id: 'o1',
    trackingNumber: 'KH7Q2M9X4A',
    status: 'pending',
    createdAt: '2026-11-21T10:00:00.000Z',
    orderItems: [
      { _id: 'l1', product: { _id: 'p', name: 'Derby en cuir', image: null }, size: '42', color: 'black', quantity: 1, priceAtPurchase: 5400, lineTotal: 5400 },
    ],
    customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: '0551234567', email: null },
    shippingAddress: {
      address: '12 rue Didouche Mourad',
      cityName: 'Sidi M’Hamed',
      stateName: 'Alger',
      wilayaCode: 16,
      communeId: 554,
      postalCode: '16000',
      type: 'domicil',
    },
    subtotal: 5400,
    discountAmount: 0,
    shippingFee: 700,
    totalAmount: 6100,
    couponCode: null,
    notes: null,
    paymentMethod: 'cash_on_delivery',
    paymentStatus: 'unpaid',
    deliveryTrackingId: null,
    returnRequest: null,
    payment: { bankDetails: null, ccpDetails: null },
    ...overrides,
  })
}

/** An order of the client's list (`GET /order/client`), with its status moves. */
export function clientOrderOf(overrides: Partial<z.input<typeof clientOrder>> = {}): ClientOrder {
  return fixture(clientOrder, { ...placedOrderOf(), history: [{ status: 'pending', date: '2026-11-21T10:00:00.000Z' }], ...overrides })
}

/** An order as public tracking shows it (`POST /tracking`). */
export function trackedOrderOf(overrides: Partial<z.input<typeof trackedOrder>> = {}): TrackedOrder {
  return fixture(trackedOrder, {
    _id: 'o1',
    trackingNumber: 'KH7Q2M9X4A',
    status: 'shipped',
    totalAmount: 610000,
    subtotal: 5400,
    discountAmount: 0,
    shippingFee: 700,
    orderDate: '2026-11-20T10:00:00.000Z',
    customerName: 'Amine B.',
    deliveryType: 'domicil',
    firstProduct: { name: 'Derby en cuir', image: null, price: 5400 },
    shippingAddress: { cityName: 'Sidi M’Hamed', stateName: 'Alger', address: '12 rue D•••••', postalCode: null },
    items: [{ product: { name: 'Derby en cuir', image: null }, quantity: 1, price: 5400, size: '42', color: 'black' }],
    ...overrides,
  })
}
