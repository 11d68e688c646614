import { can, type Permission } from '@shop/shared'
import { useStaff } from './use-staff.ts'

/** Whether the signed-in member's role has `permission` in the shared table (buttons a role cannot use are hidden). */
export function useCan(permission: Permission): boolean {
  const staff = useStaff()
  return can(staff.data?.role, permission)
}
