import { fixture } from '@shop/client-kit'
import { type HomepageCategory, homepageCategory, type ProductSummary, productSummary } from '@shop/shared'
import type { z } from 'zod'
import type { Banner } from '../features/marketing/types.ts'
import type { ShopSettings } from '../lib/shop-settings.ts'

export const SETTINGS: ShopSettings = {
  name: { ar: 'خطوة', fr: 'Khatwa' },
  logo: null,
  phone: '0555123456',
  email: 'contact@khatwa.dz',
  address: { ar: 'الجزائر العاصمة', fr: 'Alger' },
  whatsapp: '0555123456',
  bankDetails: null,
  ccpDetails: 'CCP 0012345678 clé 90, Khatwa SARL',
}

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

export const BANNERS: Banner[] = [
  {
    _id: 'b-1',
    title: 'تشكيلة الصيف',
    description: 'صنادل مريحة',
    titleAr: 'تشكيلة الصيف',
    titleFr: 'Collection été',
    descriptionAr: 'صنادل مريحة',
    descriptionFr: 'Des sandales confortables',
    link: '/collection',
    order: 0,
    image: {
      src: '/media/banners/summer-1920.webp',
      srcSet: '/media/banners/summer-960.webp 960w, /media/banners/summer-1920.webp 1920w',
      width: 1920,
      height: 1080,
    },
  },
]
