import type { StaffRole } from '@shop/shared'

/** The signed-in staff member, as `/admin/auth/me` and `/admin/auth/login` return it. */
export interface Staff {
  _id: string
  email: string
  name: string
  role: StaffRole
}

export interface SignInBody {
  email: string
  password: string
}
