import type { OrderStatus } from './orders.ts'

/**
 * Back-office roles, most powerful first. `owner`: everything. `manager`: the shop's daily work
 * (catalogue, coupons, banners, delivery prices, orders, messages). `agent`: a call-centre seat that
 * works orders only (calls, notes, moves up to shipped), never money, deletion or settings.
 */
export const STAFF_ROLES = ['owner', 'manager', 'agent'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

const EVERYONE = ['owner', 'manager', 'agent'] as const satisfies readonly StaffRole[]
const MANAGERS = ['owner', 'manager'] as const satisfies readonly StaffRole[]
const OWNER = ['owner'] as const satisfies readonly StaffRole[]

/**
 * The one permission table: which roles may do what. The API guards every back-office route with one
 * of these (requireStaff('coupons')), the back office hides what a role cannot use with the same names.
 */
export const PERMISSIONS = {
  /** Sign-in identity, own password, the dashboard. */
  account: EVERYONE,
  dashboard: EVERYONE,
  /** See orders, record calls, staff notes and tracking id, status moves up to shipped (AGENT_ORDER_MOVES). */
  'orders.work': EVERYONE,
  /** Every status move (delivered, returned, deleted), mark paid, returns, the courier CSV. */
  'orders.manage': MANAGERS,
  /** Products, variants, stock, images, categories. */
  catalogue: MANAGERS,
  coupons: MANAGERS,
  banners: MANAGERS,
  delivery: MANAGERS,
  /** Contact messages and newsletter subscriptions. */
  inbox: MANAGERS,
  pixels: OWNER,
  settings: OWNER,
  /** Courier accounts (their API credentials), the wilayas' couriers and the courier's commune list. */
  couriers: OWNER,
  staff: OWNER,
  audit: OWNER,
  /** The background jobs: counts, the dead-letter list, retry and delete. */
  jobs: OWNER,
} as const satisfies Record<string, readonly StaffRole[]>
export type Permission = keyof typeof PERMISSIONS
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[]

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)
}

export function can(role: StaffRole | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly StaffRole[]).includes(role)
}

/**
 * The statuses a role without `orders.manage` may move an order to: the call-centre flow up to the
 * parcel leaving (confirmed, processing, shipped) and a cancellation the customer asks for on the phone.
 */
export const AGENT_ORDER_MOVES = ['confirmed', 'processing', 'shipped', 'cancelled'] as const satisfies readonly OrderStatus[]

/** Whether `role` may make this move (the move table itself is checked by canMoveOrder). */
export function canMoveOrderAs(role: StaffRole | null | undefined, to: OrderStatus): boolean {
  if (can(role, 'orders.manage')) return true
  return can(role, 'orders.work') && (AGENT_ORDER_MOVES as readonly OrderStatus[]).includes(to)
}

/**
 * What the audit log records, each written in the same transaction as the change: product prices,
 * delivery fees, coupons, deletions (orders, products), order status moves, payments, staff accounts,
 * courier accounts (never their credentials).
 */
export const AUDIT_KINDS = ['price', 'delivery_fee', 'coupon', 'deletion', 'order_status', 'payment', 'staff', 'blacklist', 'courier'] as const
export type AuditKind = (typeof AUDIT_KINDS)[number]
