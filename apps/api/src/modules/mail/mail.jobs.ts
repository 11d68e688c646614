import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { enqueueJob } from '../jobs/jobs.repo.ts'
import type { Mail } from './mailer.ts'

export const MAIL_QUEUE = 'mail.send'

/**
 * An e-mail sent by the job queue: written in the caller's transaction (with the order, or not at all),
 * sent after the commit, retried with backoff while the mail server refuses it. `dedupKey` keeps it to one.
 */
export async function enqueueMail(db: Db, mail: Mail, dedupKey: string): Promise<void> {
  await enqueueJob(db, MAIL_QUEUE, mail, { dedupKey })
}

function isMail(payload: unknown): payload is Mail {
  const m = payload as Partial<Mail> | null
  return typeof m?.to === 'string' && typeof m.subject === 'string' && typeof m.text === 'string'
}

/**
 * The `mail.send` queue: `mailer.deliver` throws when the message is not accepted (the job is retried);
 * a mailer without it (tests' own) is called through `send`. A message sent twice is possible only when the
 * process dies between the server's acceptance and the job's completion: mail has no dedup at the provider.
 */
export function registerMailJobs(app: FastifyInstance): void {
  app.jobs.register(
    MAIL_QUEUE,
    async (payload) => {
      if (!isMail(payload)) throw Object.assign(new Error('mail.send: the payload is not an e-mail'), { retryable: false })
      await (app.mailer.deliver ?? app.mailer.send).call(app.mailer, payload)
    },
    { concurrency: 4, timeoutMs: 60_000 },
  )
}
