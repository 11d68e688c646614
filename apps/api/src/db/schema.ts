import {
  CALL_OUTCOMES,
  COURIER_ENGINES,
  COURIER_FAILURES,
  COUPON_TYPES,
  DELIVERY_TYPES,
  HISTORY_ACTORS,
  JOB_STATUSES,
  LOCALES,
  ORDER_HISTORY_KINDS,
  ORDER_SOURCES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  PIXEL_PLATFORMS,
  RETURN_REQUEST_STATUSES,
  SHIPMENT_EVENT_SOURCES,
  SHIPMENT_KINDS,
  SHIPMENT_STATUSES,
  STAFF_ROLES,
  VERY_HIGH_RISK_ACTIONS,
} from '@shop/shared'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** Builds `column IN ('a','b')` for check constraints from the shared enum lists. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`


// ---------------------------------------------------------------- people and sessions

export const clients = pgTable(
  'clients',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    dateOfBirth: date('date_of_birth'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clients_email_lower_key').on(sql`lower(${t.email})`),
    check('clients_phone_format', sql`${t.phone} is null or ${t.phone} ~ '^0[567][0-9]{8}$'`),
  ],
)

export const staff = pgTable(
  'staff',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull().default('manager'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_email_lower_key').on(sql`lower(${t.email})`),
    check('staff_role_check', oneOf(t.role, STAFF_ROLES)),
  ],
)

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    persistent: boolean('persistent').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sessions_kind_check', oneOf(t.kind, ['client', 'staff'])),
    check(
      'sessions_owner_check',
      sql`(${t.kind} = 'client' and ${t.clientId} is not null and ${t.staffId} is null) or (${t.kind} = 'staff' and ${t.staffId} is not null and ${t.clientId} is null)`,
    ),
    index('sessions_client_idx').on(t.clientId),
    index('sessions_staff_idx').on(t.staffId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
)

/**
 * Reset codes. A request for an e-mail with no account writes a code row too (client_id null, never
 * usable): both replies do the same work, so their timing says nothing about the account.
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: id(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_codes_client_idx').on(t.clientId),
    // the live code of a client: found (and older ones retired) without reading the used ones
    index('password_reset_codes_live_idx').on(t.clientId).where(sql`${t.usedAt} is null`),
    check('password_reset_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
)

// ---------------------------------------------------------------- catalogue

export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull().unique(),
    nameAr: text('name_ar').notNull(),
    nameFr: text('name_fr').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId), check('categories_not_own_parent', sql`${t.parentId} <> ${t.id}`)],
)

/**
 * Active products per category, kept by the triggers of migration 0012 on `products`: the total of an
 * unfiltered list or of a category page is a sum over a few dozen rows instead of a count of every product.
 */
export const categoryProductCounts = pgTable('category_product_counts', {
  categoryId: uuid('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  activeProducts: integer('active_products').notNull().default(0),
})

export const products = pgTable(
  'products',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull().unique(),
    nameAr: text('name_ar').notNull().default(''),
    nameFr: text('name_fr').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    price: integer('price').notNull(),
    compareAtPrice: integer('compare_at_price'),
    isActive: boolean('is_active').notNull().default(true),
    soldCount: integer('sold_count').notNull().default(0),
    /**
     * The folded Arabic + French name search runs on, stored (shop_fold(): lower case, no accents, no
     * Arabic diacritics or tatweel, alef/taa marbuta/alef maqsura folded): folding once per write, not per
     * row scanned at every search. Written by the trigger `products_search_text` (migration 0025) from
     * product_search_texts() (0026, their one definition) when a name or description is written, never by
     * the app: an order's update of the row (its card's stock) does not fold the texts again, as a
     * generated column did on every update.
     */
    searchText: text('search_text'),
    /** The folded Arabic + French description, for matches ranked below names and categories (same trigger). */
    descriptionSearchText: text('description_search_text'),
    /**
     * The product card, kept with the product so a list page reads `products` alone: units in stock over
     * every variant, its distinct sizes and colours, and its first photo. Written only by the triggers of
     * migration 0012 (variants and product_images), in the transaction of the write that changes them;
     * `npm run db:check` compares them with the variants and photos.
     */
    cardStock: integer('card_stock').notNull().default(0),
    cardSizes: text('card_sizes').array().notNull().default(sql`'{}'::text[]`),
    cardColors: text('card_colors').array().notNull().default(sql`'{}'::text[]`),
    cardImagePath: text('card_image_path'),
    cardImageWidths: integer('card_image_widths').array(),
    /**
     * The card as the pages read it: one JSON array text of the product's card fields (the order of `CardTuple`,
     * modules/catalogue/catalogue.repo.ts), written by the products_card_json trigger of migration 0024 on
     * every insert and every update of a field it holds, so a page reads stored text and builds nothing.
     */
    cardJson: text('card_json').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_check', sql`${t.price} > 0`),
    check('products_compare_at_check', sql`${t.compareAtPrice} is null or ${t.compareAtPrice} > 0`),
    check('products_has_name', sql`${t.nameAr} <> '' or ${t.nameFr} <> ''`),
    check('products_sold_count_check', sql`${t.soldCount} >= 0`),
    // a category page's walk per category, newest first (product-list.repo.ts newestInCategories), and the related products
    index('products_category_created_idx').on(t.categoryId, t.createdAt.desc().nullsLast(), t.id),
    index('products_created_idx').on(t.createdAt.desc()),
    index('products_price_idx').on(t.price),
    index('products_sold_idx').on(t.soldCount.desc()),
    // the search tiers (modules/catalogue/product-search.repo.ts): active products by units sold, walked until a page is found
    index('products_active_sold_idx').on(t.soldCount.desc(), t.id).where(sql`${t.isActive}`),
    index('products_category_sold_idx').on(t.categoryId, t.soldCount.desc(), t.id).where(sql`${t.isActive}`),
    index('products_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_description_trgm').using('gin', sql`${t.descriptionSearchText} gin_trgm_ops`),
  ],
)

/**
 * Units sold (or, negative, given back by a cancellation or an edit) not yet added to `products.sold_count`.
 * An order appends its products' units here, in its own statement, instead of updating the product row:
 * the sold count is in three indexes of `products`, so that update could never stay on its page (HOT) and
 * wrote every index of the product, the two trigram indexes of its name and description included, at each
 * order. The recurring job `catalogue.sold-counts` (sold-counts.ts) adds them up into the products and
 * deletes them in one transaction, every few seconds. No index and no foreign key: written once, read
 * whole, deleted whole; a deleted product's rows are dropped by the next fold.
 */
export const pendingSoldUnits = pgTable('pending_sold_units', {
  productId: uuid('product_id').notNull(),
  units: integer('units').notNull(),
})

/**
 * What the product page adds from a product's variants and photos, as one JSON text: `[variants, photos]` (each
 * variant's id, size, colour and colour code, not its stock; each photo's path, widths and colour, in their
 * order), written by the triggers of migration 0024 in the transaction of every write that changes it
 * (`product_page_json()` is its one definition; `npm run db:check` compares them). A table of its own: the
 * product row, which every order rewrites (its stock and sold count), stays small, and an order never writes it.
 */
export const productPages = pgTable('product_pages', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  pageJson: text('page_json').notNull(),
})

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Path under /media without the width suffix: files are `${path}-${w}.webp` for each of `widths`. */
    path: text('path').notNull(),
    widths: integer('widths').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    /** The colour (a variant's colour name) this photo shows; null when it shows the product in general. */
    color: text('color'),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
)

export const variants = pgTable(
  'variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    /** A palette key ('navy') or a name the shop typed ('Moutarde'). */
    color: text('color').notNull(),
    /** The swatch of a colour outside the palette ('#d4a017'); null for a palette colour. */
    colorHex: text('color_hex'),
    sku: text('sku').notNull().unique(),
    stock: integer('stock').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('variants_stock_non_negative', sql`${t.stock} >= 0`),
    check('variants_color_hex_check', sql`${t.colorHex} is null or ${t.colorHex} ~ '^#[0-9a-f]{6}$'`),
    uniqueIndex('variants_product_size_color_key').on(t.productId, t.size, t.color),
    // no index holds the stock, which every order changes: its update is then HOT (no index entry written);
    // the low-stock list has a table of its own (variantLowStock)
  ],
)

/**
 * The variants at or below the low-stock line (`low_stock_line()`, 5 units: @shop/shared LOW_STOCK_LINE), with
 * their stock, for the dashboard's list: kept by the variants' triggers (migration 0029) in the transaction of
 * every write that moves a variant across or below the line; `npm run db:check` compares it with the variants.
 */
export const variantLowStock = pgTable(
  'variant_low_stock',
  {
    variantId: uuid('variant_id')
      .primaryKey()
      .references(() => variants.id, { onDelete: 'cascade' }),
    stock: integer('stock').notNull(),
  },
  (t) => [index('variant_low_stock_stock_idx').on(t.stock)],
)

// ---------------------------------------------------------------- carts

export const carts = pgTable(
  'carts',
  {
    id: id(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carts_client_key').on(t.clientId),
    uniqueIndex('carts_session_key').on(t.sessionId),
    check('carts_owner_check', sql`(${t.clientId} is null) <> (${t.sessionId} is null)`),
  ],
)

/**
 * A guest session whose cart moved into a client's cart at sign-in: a late add under that session id is
 * answered CART_MERGED (never put in a new guest cart nobody reads). Purged with the idle guest carts.
 */
export const cartMerges = pgTable(
  'cart_merges',
  {
    sessionId: uuid('session_id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_merges_merged_idx').on(t.mergedAt)],
)

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    priceAtAdd: integer('price_at_add').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
    check('cart_items_price_check', sql`${t.priceAtAdd} >= 0`),
    uniqueIndex('cart_items_cart_variant_key').on(t.cartId, t.variantId),
  ],
)

// ---------------------------------------------------------------- places and delivery

/** The 69 wilayas of Law 26-06; 1-58 are also the older division, 59-69 name their parent wilaya. */
export const wilayas = pgTable(
  'wilayas',
  {
    code: smallint('code').primaryKey(),
    nameAr: text('name_ar').notNull(),
    nameFr: text('name_fr').notNull(),
    parentCode: smallint('parent_code').references((): AnyPgColumn => wilayas.code),
  },
  (t) => [check('wilayas_code_range', sql`${t.code} between 1 and 99`)],
)

export const communes = pgTable(
  'communes',
  {
    id: integer('id').primaryKey(),
    wilayaCode: smallint('wilaya_code')
      .notNull()
      .references(() => wilayas.code),
    wilayaCode58: smallint('wilaya_code_58')
      .notNull()
      .references(() => wilayas.code),
    nameAr: text('name_ar').notNull(),
    nameFr: text('name_fr').notNull(),
    postalCode: text('postal_code'),
  },
  (t) => [index('communes_wilaya_idx').on(t.wilayaCode), index('communes_wilaya58_idx').on(t.wilayaCode58)],
)

/** The shop's delivery table: no row → the default fee; a row with a null price → not offered there. */
export const deliveryPrices = pgTable(
  'delivery_prices',
  {
    wilayaCode: smallint('wilaya_code')
      .notNull()
      .references(() => wilayas.code),
    type: text('type', { enum: DELIVERY_TYPES }).notNull(),
    price: integer('price'),
    returnPrice: integer('return_price').notNull().default(200),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.wilayaCode, t.type] }),
    check('delivery_prices_type_check', oneOf(t.type, DELIVERY_TYPES)),
    check('delivery_prices_price_check', sql`${t.price} is null or ${t.price} >= 0`),
    check('delivery_prices_return_check', sql`${t.returnPrice} >= 0`),
  ],
)

// ---------------------------------------------------------------- coupons

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** Unique among live coupons only: a deleted or retired coupon gives its code back (see coupons_code_live_key). */
    code: text('code').notNull(),
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    value: integer('value').notNull(),
    minOrder: integer('min_order').notNull().default(0),
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Set when staff delete a coupon that orders used (the row stays for their history) or when its code
     * is given to a new coupon after it expired; a retired coupon is never offered nor accepted again.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_live_key').on(t.code).where(sql`${t.deletedAt} is null`),
    check('coupons_type_check', oneOf(t.type, COUPON_TYPES)),
    check('coupons_code_format', sql`${t.code} ~ '^[A-Z0-9]{3,32}$'`),
    check(
      'coupons_value_check',
      sql`${t.value} > 0 and (${t.type} <> 'percentage' or ${t.value} <= 100)`,
    ),
    check('coupons_min_order_check', sql`${t.minOrder} >= 0`),
    check('coupons_max_uses_check', sql`${t.maxUses} is null or ${t.maxUses} >= 0`),
    check('coupons_used_within_max', sql`${t.usedCount} >= 0 and (${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses})`),
    check('coupons_per_customer_check', sql`${t.perCustomerLimit} >= 1`),
  ],
)

// ---------------------------------------------------------------- orders

export const orders = pgTable(
  'orders',
  {
    id: id(),
    trackingNumber: text('tracking_number').notNull().unique(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    guestSessionId: uuid('guest_session_id'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('cash_on_delivery'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    /** The wilaya in the division shown to the shopper (58 or 69), and always the one of the 58 division. */
    wilayaCode: smallint('wilaya_code')
      .notNull()
      .references(() => wilayas.code),
    wilayaCode58: smallint('wilaya_code_58')
      .notNull()
      .references(() => wilayas.code),
    communeId: integer('commune_id')
      .notNull()
      .references(() => communes.id),
    deliveryType: text('delivery_type', { enum: DELIVERY_TYPES }).notNull(),
    address: text('address'),
    notes: text('notes'),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    deliveryFee: integer('delivery_fee').notNull(),
    total: integer('total').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    callAttempts: integer('call_attempts').notNull().default(0),
    /** A very high risk order the shop keeps on hold (settings): staff see it flagged, the courier export leaves it out. */
    onHold: boolean('on_hold').notNull().default(false),
    deliveryTrackingId: text('delivery_tracking_id'),
    /** The shopper's language when ordering: the call, the WhatsApp message and the confirmation link use it. */
    locale: text('locale', { enum: LOCALES }).notNull().default('ar'),
    /** Where the order was taken: the storefront, or by staff (a manual order: phone, WhatsApp...). */
    source: text('source', { enum: ORDER_SOURCES }).notNull().default('storefront'),
    /** The call queue: a postponed order comes back to the queue at this time. */
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    /**
     * The agent working the order. `assignedUntil` set: a lease taken by "next order" (the order goes back to
     * the queue when it ends); null with an agent: a standing assignment (the agent's own list, until changed).
     */
    assignedStaffId: uuid('assigned_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    assignedUntil: timestamp('assigned_until', { withTimezone: true }),
    /** Calls nobody answered (no answer, busy) since the order came in; at the shop's limit it is unreachable. */
    unansweredCalls: integer('unanswered_calls').notNull().default(0),
    unreachableAt: timestamp('unreachable_at', { withTimezone: true }),
    lastCallAt: timestamp('last_call_at', { withTimezone: true }),
    /** The customer asked for a change through the confirmation link (size, colour, address): their note. */
    customerRequest: text('customer_request'),
    customerRequestAt: timestamp('customer_request_at', { withTimezone: true }),
    /** Bumped on every change: staff send the version they saw, a stale one gets a conflict. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('orders_payment_method_check', oneOf(t.paymentMethod, PAYMENT_METHODS)),
    check('orders_payment_status_check', oneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check('orders_delivery_type_check', oneOf(t.deliveryType, DELIVERY_TYPES)),
    check('orders_source_check', oneOf(t.source, ORDER_SOURCES)),
    check('orders_phone_format', sql`${t.phone} ~ '^0[567][0-9]{8}$'`),
    check(
      'orders_amounts_check',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.discount} <= ${t.subtotal} and ${t.deliveryFee} >= 0 and ${t.total} = ${t.subtotal} - ${t.discount} + ${t.deliveryFee}`,
    ),
    check('orders_call_attempts_check', sql`${t.callAttempts} >= 0`),
    check('orders_locale_check', oneOf(t.locale, LOCALES)),
    check('orders_unanswered_calls_check', sql`${t.unansweredCalls} >= 0`),
    check('orders_assignment_check', sql`${t.assignedUntil} is null or ${t.assignedStaffId} is not null`),
    check('orders_customer_request_length', sql`${t.customerRequest} is null or char_length(${t.customerRequest}) <= 500`),
    // the call queue: pending orders oldest first
    index('orders_call_queue_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('orders_assigned_staff_idx').on(t.assignedStaffId).where(sql`${t.assignedStaffId} is not null`),
    check('orders_notes_length', sql`${t.notes} is null or char_length(${t.notes}) <= 500`),
    index('orders_created_idx').on(t.createdAt.desc()),
    // the admin order list's default (every order but deleted ones, newest first) and its count, by this index alone
    index('orders_live_created_idx').on(t.createdAt.desc()).where(sql`${t.status} <> 'deleted'`),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc()),
    index('orders_phone_created_idx').on(t.phone, t.createdAt.desc()),
    // partial, as orders_delivery_tracking_idx: a guest order (no account) writes no entry in it
    index('orders_client_created_idx').on(t.clientId, t.createdAt.desc()).where(sql`${t.clientId} is not null`),
    index('orders_wilaya_idx').on(t.wilayaCode),
    // back-office search by customer name, folded like the catalogue search
    index('orders_name_trgm').using('gin', sql`shop_fold(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    // an order not yet handed to a courier writes no entry in it
    index('orders_delivery_tracking_idx').on(t.deliveryTrackingId).where(sql`${t.deliveryTrackingId} is not null`),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    // snapshot at purchase: what the shopper saw, whatever happens to the product later
    nameAr: text('name_ar').notNull(),
    nameFr: text('name_fr').notNull(),
    image: text('image'),
    size: text('size').notNull(),
    color: text('color').notNull(),
    sku: text('sku').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_price_check', sql`${t.unitPrice} >= 0`),
    check('order_items_line_total_check', sql`${t.lineTotal} = ${t.unitPrice} * ${t.quantity}`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_variant_idx').on(t.variantId),
  ],
)

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    callOutcome: text('call_outcome', { enum: CALL_OUTCOMES }),
    note: text('note'),
    /**
     * What the entry records: a status move or a call ('status'), a staff note ('staff_note'), the delivery
     * company's id set or changed ('tracking_id', the new id in `note`), the order paid ('payment').
     * Only 'status' entries are shown to the customer.
     */
    kind: text('kind', { enum: ORDER_HISTORY_KINDS }).notNull().default('status'),
    /** Structured detail of the entry: an edit's before and after, a merge's orders, a customer's reply. */
    details: jsonb('details'),
    /** Who made the entry when neither a staff member nor the customer did: 'courier' (status sync), 'system'. */
    actor: text('actor', { enum: HISTORY_ACTORS }),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_status_history_to_check', oneOf(t.toStatus, ORDER_STATUSES)),
    check('order_status_history_actor_check', sql`${t.actor} is null or ${oneOf(t.actor, HISTORY_ACTORS)}`),
    check('order_status_history_kind_check', oneOf(t.kind, ORDER_HISTORY_KINDS)),
    check(
      'order_status_history_call_check',
      sql`${t.callOutcome} is null or ${oneOf(t.callOutcome, CALL_OUTCOMES)}`,
    ),
    index('order_status_history_order_idx').on(t.orderId, t.createdAt),
  ],
)

/** What staff write about an order (never the customer's note, never sent to the courier); append-only. */
export const orderStaffNotes = pgTable(
  'order_staff_notes',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_staff_notes_text_length', sql`char_length(${t.text}) between 1 and 1000`),
    index('order_staff_notes_order_idx').on(t.orderId, t.createdAt),
  ],
)

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    discount: integer('discount').notNull(),
    /** Set when the order is cancelled: the use goes back to the coupon and the customer. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // live uses per customer and coupon, counted by phone and by account against per_customer_limit
    // (under the coupon's row lock, coupons.service.ts): not unique, a coupon may allow 2 or 3 uses each
    index('coupon_redemptions_phone_idx').on(t.couponId, t.phone).where(sql`${t.releasedAt} is null`),
    index('coupon_redemptions_client_idx')
      .on(t.couponId, t.clientId)
      .where(sql`${t.releasedAt} is null and ${t.clientId} is not null`),
    check('coupon_redemptions_discount_check', sql`${t.discount} >= 0`),
  ],
)

export const returnRequests = pgTable(
  'return_requests',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    reason: text('reason'),
    status: text('status', { enum: RETURN_REQUEST_STATUSES }).notNull().default('requested'),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffNote: text('staff_note'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('return_requests_status_check', oneOf(t.status, RETURN_REQUEST_STATUSES)),
    check('return_requests_reason_length', sql`${t.reason} is null or char_length(${t.reason}) <= 500`),
  ],
)

/** Placing an order is idempotent per (scope, key): a retry returns the first order. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('idempotency_keys_key_length', sql`char_length(${t.key}) between 1 and 200`),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)

// ---------------------------------------------------------------- marketing and settings

export const banners = pgTable(
  'banners',
  {
    id: id(),
    titleAr: text('title_ar').notNull().default(''),
    titleFr: text('title_fr').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    /** Path under /media without the width suffix, like product images. */
    imagePath: text('image_path').notNull(),
    imageWidths: integer('image_widths').array().notNull(),
    link: text('link'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    clickCount: integer('click_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('banners_dates_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
    check('banners_click_count_check', sql`${t.clickCount} >= 0`),
    index('banners_active_position_idx').on(t.isActive, t.position),
  ],
)

export const bannerClicks = pgTable(
  'banner_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bannerId: uuid('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('banner_clicks_banner_idx').on(t.bannerId, t.createdAt)],
)

export const adPixels = pgTable(
  'ad_pixels',
  {
    id: id(),
    platform: text('platform', { enum: PIXEL_PLATFORMS }).notNull(),
    pixelId: text('pixel_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The platform's server-side access token (Meta Conversions API, TikTok Events API), encrypted like courier
     * credentials. Set: the purchase is sent by the server at confirmation, the browser sends "order placed".
     */
    accessToken: text('access_token'),
    /** The platform's test event code: events then show in its test tool only. */
    testEventCode: text('test_event_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('ad_pixels_platform_check', oneOf(t.platform, PIXEL_PLATFORMS)),
    check('ad_pixels_id_format', sql`${t.pixelId} ~ '^[A-Za-z0-9_-]{5,64}$'`),
    uniqueIndex('ad_pixels_platform_pixel_key').on(t.platform, t.pixelId),
  ],
)

/** One row (id = 1): the shop's name, contacts, payment details and default fees. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    nameAr: text('name_ar').notNull(),
    nameFr: text('name_fr').notNull(),
    logoPath: text('logo_path'),
    phone: text('phone'),
    whatsapp: text('whatsapp'),
    email: text('email'),
    addressAr: text('address_ar'),
    addressFr: text('address_fr'),
    bankDetails: text('bank_details'),
    ccpDetails: text('ccp_details'),
    defaultHomeFee: integer('default_home_fee').notNull().default(500),
    defaultStopdeskFee: integer('default_stopdesk_fee').notNull().default(400),
    defaultReturnFee: integer('default_return_fee').notNull().default(200),
    wilayaDivision: smallint('wilaya_division').notNull().default(58),
    /** Anti-hoarding rules of every order: units of one item, units in all, unconfirmed orders of one phone. */
    maxLineQuantity: integer('max_line_quantity').notNull().default(10),
    maxOrderQuantity: integer('max_order_quantity').notNull().default(20),
    maxOpenOrdersPerPhone: integer('max_open_orders_per_phone').notNull().default(3),
    /** Hours an abandoned quick order (order_drafts) stays on the call-back list. */
    draftExpiryHours: integer('draft_expiry_hours').notNull().default(48),
    /** Risk rules (packages/shared/src/risk.ts): thresholds, and what the trusted, high and very high levels do. */
    riskHighAmount: integer('risk_high_amount').notNull().default(15000),
    riskRecentOrders: integer('risk_recent_orders').notNull().default(3),
    riskTrustedMaySkipCall: boolean('risk_trusted_may_skip_call').notNull().default(true),
    riskHighMustCall: boolean('risk_high_must_call').notNull().default(true),
    riskVeryHighAction: text('risk_very_high_action', { enum: VERY_HIGH_RISK_ACTIONS }).notNull().default('hold'),
    /** The call queue: unanswered calls before an order is unreachable, and how long "next order" holds one. */
    unreachableAfterCalls: integer('unreachable_after_calls').notNull().default(3),
    callLeaseMinutes: integer('call_lease_minutes').notNull().default(5),
    /** Signs the customers' confirmation links (HMAC); made by the migration, never sent to a client. */
    confirmLinkSecret: text('confirm_link_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check(
      'shop_settings_fees_check',
      sql`${t.defaultHomeFee} >= 0 and ${t.defaultStopdeskFee} >= 0 and ${t.defaultReturnFee} >= 0`,
    ),
    check('shop_settings_division_check', sql`${t.wilayaDivision} in (58, 69)`),
    check('shop_settings_draft_expiry_check', sql`${t.draftExpiryHours} between 1 and 720`),
    check(
      'shop_settings_call_queue_check',
      sql`${t.unreachableAfterCalls} between 1 and 20 and ${t.callLeaseMinutes} between 1 and 60`,
    ),
    check(
      'shop_settings_order_limits_check',
      sql`${t.maxLineQuantity} between 1 and 1000 and ${t.maxOrderQuantity} between ${t.maxLineQuantity} and 10000 and ${t.maxOpenOrdersPerPhone} between 1 and 100`,
    ),
    check(
      'shop_settings_risk_check',
      sql`${t.riskHighAmount} >= 0 and ${t.riskRecentOrders} between 2 and 50 and ${t.riskVeryHighAction} in ('refuse', 'hold')`,
    ),
  ],
)

/** Phones the shop refuses (or holds) at checkout and never hands to the courier: who added each, when and why. */
export const phoneBlacklist = pgTable(
  'phone_blacklist',
  {
    phone: text('phone').primaryKey(),
    reason: text('reason').notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('phone_blacklist_phone_format', sql`${t.phone} ~ '^0[567][0-9]{8}$'`),
    check('phone_blacklist_reason_length', sql`char_length(${t.reason}) between 1 and 300`),
    index('phone_blacklist_created_idx').on(t.createdAt.desc()),
  ],
)

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    locale: text('locale').notNull().default('ar'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_lower_key').on(sql`lower(${t.email})`)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('contact_messages_length', sql`char_length(${t.message}) <= 1000`)],
)

/** Fixed-window rate-limit counters when no Redis is configured. UNLOGGED (migration 0028): recounted from nothing after a crash, as Redis's are. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})

/**
 * Money-relevant back-office changes (prices, delivery fees, coupons, deletions, order status moves,
 * payments, staff accounts): who, when, what. Written in the same transaction as the change; the
 * author's name is copied so the line still reads right after the account is renamed or removed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** A short human label of the entity (product name, coupon code, tracking number, wilaya). */
    label: text('label'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    check('audit_log_kind_check', oneOf(t.kind, ['price', 'delivery_fee', 'coupon', 'deletion', 'order_status', 'payment', 'staff', 'blacklist', 'courier'])),
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_kind_created_idx').on(t.kind, t.createdAt.desc(), t.id.desc()),
  ],
)

// ---------------------------------------------------------------- call-back drafts

/**
 * A quick order the shopper filled (a name and a valid mobile) and left without placing: the shop may call
 * back. One per phone and product (a newer one replaces it); gone when an order of that phone and product
 * is placed, when staff dismiss it or turn it into an order, and after shop_settings.draft_expiry_hours.
 */
export const orderDrafts = pgTable(
  'order_drafts',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    size: text('size'),
    color: text('color'),
    quantity: integer('quantity').notNull().default(1),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull(),
    wilayaCode: smallint('wilaya_code').references(() => wilayas.code, { onDelete: 'set null' }),
    communeId: integer('commune_id').references(() => communes.id, { onDelete: 'set null' }),
    locale: text('locale').notNull().default('ar'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_drafts_phone_product_key').on(t.phone, t.productId),
    index('order_drafts_updated_idx').on(t.updatedAt),
    check('order_drafts_quantity_check', sql`${t.quantity} between 1 and 1000`),
    check('order_drafts_phone_format', sql`${t.phone} ~ '^0[567][0-9]{8}$'`),
    check('order_drafts_locale_check', sql`${t.locale} in ('ar', 'fr', 'en')`),
  ],
)

// ---------------------------------------------------------------- couriers

/**
 * A courier the shop ships with: its engine and host, the credentials (encrypted at rest with SECRETS_KEY,
 * never sent back to the browser), the wilaya parcels leave from. One account is the default; a wilaya may
 * name another (courierWilayaChoices).
 */
export const courierAccounts = pgTable(
  'courier_accounts',
  {
    id: id(),
    /** What staff call it: "Yalidine", "DHD", "ZR Express". */
    name: text('name').notNull(),
    engine: text('engine', { enum: COURIER_ENGINES }).notNull(),
    /** The API's base address (Yalidine and Guepex share an engine on other hosts; each Ecotrack courier has its own). */
    baseUrl: text('base_url').notNull(),
    /** The API credentials as an encrypted JSON object (ids, tokens, tenant), see modules/couriers/secrets.ts. */
    credentials: text('credentials').notNull(),
    /** The secret webhooks are signed with (encrypted like the credentials); null for couriers without webhooks. */
    webhookSecret: text('webhook_secret'),
    senderWilayaCode: smallint('sender_wilaya_code')
      .notNull()
      .references(() => wilayas.code),
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('courier_accounts_engine_check', oneOf(t.engine, COURIER_ENGINES)),
    check('courier_accounts_name_length', sql`char_length(${t.name}) between 1 and 80`),
    // one default courier at most
    uniqueIndex('courier_accounts_default_key').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
)

/** The courier a wilaya's parcels go with, when it is not the default one. */
export const courierWilayaChoices = pgTable('courier_wilaya_choices', {
  wilayaCode: smallint('wilaya_code')
    .primaryKey()
    .references(() => wilayas.code),
  accountId: uuid('account_id')
    .notNull()
    .references(() => courierAccounts.id, { onDelete: 'cascade' }),
})

/**
 * A courier's own list of places (communes, with their ids, names and stop desks), synced from its API and
 * matched onto the store's communes; `communeId` null: not matched yet (shown to staff for a manual match).
 */
export const courierPlaces = pgTable(
  'courier_places',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => courierAccounts.id, { onDelete: 'cascade' }),
    /** The courier's id of the commune (numeric id, territory UUID, or its name when it has no id). */
    remoteId: text('remote_id').notNull(),
    remoteName: text('remote_name').notNull(),
    /** The courier's wilaya of the commune (code 1-58, or its territory id). */
    remoteWilaya: text('remote_wilaya').notNull(),
    /** The store's wilaya (1-58) of the place when the courier's list gives it: names are matched within it. */
    wilayaCode: smallint('wilaya_code'),
    /** The parent territory id where the courier needs one (ZR's city territory). */
    remoteParentId: text('remote_parent_id'),
    hasStopDesk: boolean('has_stop_desk').notNull().default(false),
    /** The courier's stop desk (centre) in that commune, when it has one. */
    stopDeskId: text('stop_desk_id'),
    communeId: integer('commune_id').references(() => communes.id, { onDelete: 'set null' }),
    /** How it was matched: by name ('auto') or by staff ('manual', kept across syncs). */
    matchedBy: text('matched_by'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('courier_places_remote_key').on(t.accountId, t.remoteId),
    index('courier_places_commune_idx').on(t.accountId, t.communeId),
    check('courier_places_matched_by_check', sql`${t.matchedBy} is null or ${t.matchedBy} in ('auto', 'manual')`),
  ],
)

/**
 * A parcel created at a courier for an order: its tracking number and label, the courier's state (raw and in
 * the store's words), the cash to collect, the courier's fees and where the payout stands.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => courierAccounts.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: SHIPMENT_KINDS }).notNull().default('delivery'),
    tracking: text('tracking').notNull(),
    /** The courier's own id of the parcel when it differs from the tracking number (ZR's parcel id). */
    externalId: text('external_id'),
    labelUrl: text('label_url'),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('pending'),
    statusRaw: text('status_raw'),
    /** The last failure the courier gave ("Faux numéro" → wrong_number), kept for the risk score. */
    failure: text('failure', { enum: COURIER_FAILURES }),
    codAmount: integer('cod_amount').notNull(),
    deliveryFee: integer('delivery_fee'),
    returnFee: integer('return_fee'),
    payoutStatus: text('payout_status', { enum: PAYOUT_STATUSES }).notNull().default('not_ready'),
    payoutId: text('payout_id'),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
    /** The time of the newest courier event applied: an older event arriving later does not move the parcel back. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_tracking_key').on(t.accountId, t.tracking),
    index('shipments_order_idx').on(t.orderId),
    // the poller's list: parcels still moving
    index('shipments_open_idx').on(t.accountId, t.lastEventAt).where(sql`${t.status} not in ('delivered', 'returned', 'cancelled')`),
    check('shipments_kind_check', oneOf(t.kind, SHIPMENT_KINDS)),
    check('shipments_status_check', oneOf(t.status, SHIPMENT_STATUSES)),
    check('shipments_payout_check', oneOf(t.payoutStatus, PAYOUT_STATUSES)),
    check('shipments_failure_check', sql`${t.failure} is null or ${oneOf(t.failure, COURIER_FAILURES)}`),
    check('shipments_amounts_check', sql`${t.codAmount} >= 0 and (${t.deliveryFee} is null or ${t.deliveryFee} >= 0) and (${t.returnFee} is null or ${t.returnFee} >= 0)`),
  ],
)

/** The courier's timeline of a parcel, one row per event, each applied once (`eventKey`: the courier's event id, or its status and time). */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull(),
    statusRaw: text('status_raw').notNull(),
    reason: text('reason'),
    failure: text('failure', { enum: COURIER_FAILURES }),
    centre: text('centre'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: SHIPMENT_EVENT_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipment_events_key').on(t.shipmentId, t.eventKey),
    index('shipment_events_timeline_idx').on(t.shipmentId, t.occurredAt),
    check('shipment_events_status_check', oneOf(t.status, SHIPMENT_STATUSES)),
    check('shipment_events_source_check', oneOf(t.source, SHIPMENT_EVENT_SOURCES)),
    check('shipment_events_failure_check', sql`${t.failure} is null or ${oneOf(t.failure, COURIER_FAILURES)}`),
  ],
)

// ---------------------------------------------------------------- conversion events

/**
 * What the ad platforms need to match an order to its click, kept with the order at placement when the shop
 * sends server-side events (and only then): their cookies, the click ids of the landing address, the
 * shopper's address and browser.
 */
export const orderAttribution = pgTable('order_attribution', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  fbp: text('fbp'),
  fbc: text('fbc'),
  ttclid: text('ttclid'),
  ttp: text('ttp'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  pageUrl: text('page_url'),
  createdAt: createdAt(),
})

/**
 * One server-side event per order, pixel and event id (the outbox the job queue sends from): written when the
 * order is placed ("order placed") or confirmed (the purchase), marked sent once the platform took it, or
 * skipped with the reason (cancelled, blacklisted, too old).
 */
export const conversionEvents = pgTable(
  'conversion_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    pixelId: uuid('pixel_id')
      .notNull()
      .references(() => adPixels.id, { onDelete: 'cascade' }),
    /** 'placed' or 'purchase'. */
    moment: text('moment').notNull(),
    eventId: text('event_id').notNull(),
    status: text('status').notNull().default('queued'),
    reason: text('reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversion_events_once_key').on(t.pixelId, t.eventId),
    index('conversion_events_order_idx').on(t.orderId),
    check('conversion_events_moment_check', sql`${t.moment} in ('placed', 'purchase')`),
    check('conversion_events_status_check', sql`${t.status} in ('queued', 'sent', 'skipped')`),
  ],
)

// ---------------------------------------------------------------- background jobs (modules/jobs)

/**
 * The job queue: claimed with FOR UPDATE SKIP LOCKED, each claim a lease (locked_until) after which a job
 * whose worker died is claimed again. A dedup_key makes a second enqueue of the same key a no-op while the
 * first row exists (done rows are purged after a few days, modules/maintenance/purge.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    dedupKey: text('dedup_key'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_dedup_key').on(t.dedupKey),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_status_queue_idx').on(t.status, t.queue),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.status} = 'done'`),
    check('jobs_status_check', oneOf(t.status, JOB_STATUSES)),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} between 1 and 100`),
    check('jobs_queue_length', sql`char_length(${t.queue}) between 1 and 100`),
  ],
)
