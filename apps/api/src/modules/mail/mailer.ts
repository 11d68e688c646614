import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'
import type { Config } from '../../config.ts'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** Sends, a failure logged and swallowed: the caller's request goes on. */
  send(mail: Mail): Promise<void>
  /** Sends, a failure thrown: the `mail.send` job (modules/mail/mail.jobs.ts) retries it. */
  deliver?(mail: Mail): Promise<void>
}

/**
 * SMTP when SMTP_HOST is set; otherwise each message goes to the server log, so a fresh install
 * (and the tests) can read a reset code without a mail server.
 */
export function createMailer(config: Config, log: Pick<FastifyBaseLogger, 'info' | 'error'>): Mailer {
  if (!config.SMTP_HOST) {
    return {
      async send(mail) {
        log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'e-mail (no SMTP configured: logged instead of sent)')
      },
    }
  }
  const smtp = { host: config.SMTP_HOST, port: config.SMTP_PORT, secure: config.SMTP_PORT === 465, ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } } : {}) }
  // nodemailer is loaded with the first message, not at start
  let transport: Promise<Transporter> | undefined
  const deliver = async (mail: Mail) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtp))
    await (await transport).sendMail({ from: config.SMTP_FROM ?? config.SMTP_USER, ...mail })
  }
  return {
    deliver,
    async send(mail) {
      try {
        await deliver(mail)
      } catch (err) {
        // a mail failure must not fail the shopper's request; it is logged for the owner
        // the address is masked: structured logs carry no customer e-mail (ASVS 16.2.5)
        log.error({ err, to: maskEmail(mail.to), subject: mail.subject }, 'e-mail could not be sent')
      }
    },
  }
}

/** 'amine.benali@example.dz' → 'a***@example.dz'. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@')
  return at <= 0 ? '***' : `${address.slice(0, 1)}***${address.slice(at)}`
}
