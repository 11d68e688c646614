import { z } from 'zod'
import { emailAddress, newPassword, PASSWORD_MAX_BYTES, personName } from '../checkout.ts'
import { dzMobile } from '../phone.ts'
import { STAFF_ROLES } from '../roles.ts'
import { count, timestamp } from './http.ts'

/**
 * Accounts: shoppers (`/auth/client/*`) and staff (`/admin/auth/*`, `/admin/staff`).
 * No reply here names a password hash, a reset code or a session token: the reply serialiser drops every
 * field a contract does not name, so these schemas are also what keeps them on the server.
 */

/** A password typed to sign in or to prove who one is: any non-empty text, within the hashing limit. */
const currentPassword = z
  .string({ error: 'validation:required' })
  .min(1, 'validation:required')
  .refine((p) => new TextEncoder().encode(p).length <= PASSWORD_MAX_BYTES, 'validation:password.tooLong')
const resetCode = z.string().trim().regex(/^\d{6}$/, 'validation:invalid')
const optionalPhone = z.preprocess((v) => (v === '' || v === null ? undefined : v), dzMobile.optional())

/** The confirmation field must repeat the password (when sent). */
function matching<T extends Record<string, unknown>>(a: keyof T & string, b: keyof T & string): [(body: T) => boolean, { message: string; path: string[] }] {
  return [(body: T) => body[b] === undefined || body[a] === body[b], { message: 'validation:password.mismatch', path: [b] }]
}

// ---- shoppers: requests

/** `POST /auth/client/signup` */
export const signupBody = z
  .object({
    firstName: personName,
    lastName: personName,
    email: emailAddress,
    password: newPassword,
    confirmPassword: z.string().optional(),
    phone: optionalPhone,
    rememberMe: z.boolean().optional(),
  })
  .refine(...matching('password', 'confirmPassword'))
export type SignupBody = z.input<typeof signupBody>

/** `POST /auth/client/login` */
export const loginBody = z.object({ email: z.string().trim().max(254), password: currentPassword, rememberMe: z.boolean().optional() })
export type LoginBody = z.input<typeof loginBody>

/** `PATCH /auth/client/profile`: the fields sent change ('' or null clears the phone and the date of birth). */
export const profileBody = z.object({
  firstName: personName.optional(),
  lastName: personName.optional(),
  phone: z.preprocess((v) => (v === '' ? null : v), dzMobile.nullable().optional()),
  dateOfBirth: z.preprocess((v) => (v === '' ? null : v), z.iso.date('validation:invalid').nullable().optional()),
})
export type ProfileBody = z.input<typeof profileBody>

/** `PATCH /auth/client/change-password` */
export const clientPasswordBody = z
  .object({ currentPassword, newPassword, confirmNewPassword: z.string() })
  .refine(...matching('newPassword', 'confirmNewPassword'))
export type ClientPasswordBody = z.input<typeof clientPasswordBody>

/** `POST /auth/client/forgot-password` */
export const forgotPasswordBody = z.object({ email: emailAddress })
/** `POST /auth/client/verify-reset-code` */
export const resetCodeBody = z.object({ email: emailAddress, resetCode })
export type ResetCodeBody = z.input<typeof resetCodeBody>
/** `POST /auth/client/reset-password` */
export const resetPasswordBody = z
  .object({ email: emailAddress, resetCode, newPassword, confirmPassword: z.string() })
  .refine(...matching('newPassword', 'confirmPassword'))
export type ResetPasswordBody = z.input<typeof resetPasswordBody>

// ---- shoppers: replies

/** The signed-in shopper, as sign-up, login, the profile and the session return them. */
export const clientUser = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** First and last name together. */
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** `YYYY-MM-DD`, or null when not given. */
  dateOfBirth: z.string().nullable(),
  createdAt: timestamp,
  totalOrders: count,
})
export type ClientUser = z.output<typeof clientUser>

export const clientUserReply = z.object({ user: clientUser })
/** `GET /auth/client/session`: a guest is an answer (user null), not a refusal. */
export const clientSessionReply = z.object({ user: clientUser.nullable() })
/** `POST /auth/client/verify-reset-code`: the code is good (a bad one is refused). */
export const resetCodeReply = z.object({ valid: z.literal(true) })

// ---- staff: requests

export const staffIdParams = z.object({ id: z.string() })

/** `POST /admin/auth/login` */
export const staffSignInBody = z.object({ email: z.email({ error: 'validation:email' }).max(254), password: currentPassword })
export type StaffSignInBody = z.input<typeof staffSignInBody>

/** `POST /admin/auth/password`: one's own password, the current one required. */
export const staffPasswordBody = z.object({ currentPassword, newPassword })
export type StaffPasswordBody = z.input<typeof staffPasswordBody>

const staffName = z.string().trim().min(1).max(100)
const staffRole = z.enum(STAFF_ROLES)

/** `POST /admin/staff` */
export const staffCreateBody = z.object({ email: emailAddress, name: staffName, password: newPassword, role: staffRole })
export type StaffCreateBody = z.input<typeof staffCreateBody>

/** `PATCH /admin/staff/:id`: the fields sent change. */
export const staffPatchBody = z.object({
  name: staffName.optional(),
  role: staffRole.optional(),
  isActive: z.boolean().optional(),
  password: newPassword.optional(),
})
export type StaffPatchBody = z.input<typeof staffPatchBody>

/** `POST /admin/staff/:id/password`: the password given, or none for a generated one. */
export const staffPasswordResetBody = z.object({ password: newPassword.optional() })

// ---- staff: replies

/** The signed-in staff member (`/admin/auth/login`, `/admin/auth/me`). */
export const staffMember = z.object({ _id: z.string(), email: z.string(), name: z.string(), role: staffRole })
export type StaffMember = z.output<typeof staffMember>
export const staffMemberReply = z.object({ staff: staffMember })

/** A staff account as the owner manages it. */
export const staffAccount = staffMember.extend({ isActive: z.boolean(), createdAt: timestamp })
export type StaffAccount = z.output<typeof staffAccount>

export const staffAccountsReply = z.object({ staff: z.array(staffAccount), total: count })
/** `GET /admin/staff/assignees`: who orders can be given to (active staff who work orders), for managers. */
export const staffAssigneesReply = z.object({ staff: z.array(staffMember.pick({ _id: true, name: true, role: true })) })
export const staffAccountReply = z.object({ staff: staffAccount })
/** The generated password is returned this once (null when the owner typed it), to hand to the member. */
export const staffPasswordResetReply = z.object({ staff: staffAccount, password: z.string().nullable() })
