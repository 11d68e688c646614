import { parseArgs } from 'node:util'
import { STAFF_ROLES, type StaffRole } from '@shop/shared'
import { z } from 'zod'
import { createStaff } from '../modules/staff/staff.service.ts'
import { ensureShopSettings, loadReferenceData } from '../seed/reference.ts'
import { openForCli } from './open.ts'

const usage = 'usage: npm run admin:create -- --email E --password P [--name N] [--role owner|manager|agent]'
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'owner' },
  },
})
const input = z
  .object({
    email: z.email('a valid --email is required'),
    password: z.string('--password is required').min(8, 'the password must have at least 8 characters').max(1024),
    name: z.string().min(1).max(100).optional(),
    role: z.enum(STAFF_ROLES, { error: '--role must be owner, manager or agent' }),
  })
  .safeParse(values)
if (!input.success) {
  console.error(`error: ${input.error.issues[0]?.message}\n${usage}`)
  process.exit(1)
}

const { database } = await openForCli()
try {
  await database.migrate()
  await loadReferenceData(database.db)
  await ensureShopSettings(database.db)
  const member = await createStaff(database.db, {
    email: input.data.email,
    password: input.data.password,
    name: input.data.name ?? input.data.email.split('@')[0] ?? 'Staff',
    role: input.data.role as StaffRole,
  })
  console.log(`created ${input.data.role} account ${member.email}`)
} catch (error) {
  const constraint = (error as { cause?: { constraint?: string } }).cause?.constraint
  if (constraint === 'staff_email_lower_key') {
    console.error(`error: an account with the e-mail ${input.data.email} already exists`)
    process.exitCode = 1
  } else throw error
} finally {
  await database.close()
}
