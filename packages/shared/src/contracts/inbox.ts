import { z } from 'zod'
import { emailAddress } from '../checkout.ts'
import { paging, pagingQuery, queryBoolean, timestamp } from './http.ts'

/** The contact form and the newsletter: what shoppers send, and the back office's inbox. */

/** `POST /newsletter`. */
export const newsletterBody = z.object({ email: emailAddress })
/** `POST /contact`. */
export const contactBody = z.object({
  name: z.string().trim().min(2).max(100),
  email: emailAddress,
  subject: z.string().trim().min(5).max(100),
  message: z.string().trim().min(10).max(1000),
})
export type ContactBody = z.input<typeof contactBody>
/** The storefront's forms get only the message (`data` is an empty object). */
export const receivedReply = z.object({})

export const subscriptionListQuery = z.object({ ...pagingQuery(50) })
export const contactMessageListQuery = z.object({ handled: queryBoolean.optional(), ...pagingQuery(50) })
export const contactMessageParams = z.object({ id: z.string() })
/** `PATCH /admin/contact-messages/:id`. */
export const contactMessageBody = z.object({ handled: z.boolean() })

export const subscription = z.object({ _id: z.string(), email: z.string(), locale: z.string(), createdAt: timestamp })
export type Subscription = z.output<typeof subscription>
export const subscriptionListReply = z.object({ subscriptions: z.array(subscription), ...paging })
export type SubscriptionList = z.output<typeof subscriptionListReply>

export const contactMessage = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  handled: z.boolean(),
  handledAt: timestamp.nullable(),
  createdAt: timestamp,
})
export type ContactMessage = z.output<typeof contactMessage>
export const contactMessageListReply = z.object({ messages: z.array(contactMessage), ...paging })
export type ContactMessageList = z.output<typeof contactMessageListReply>
export const contactMessageReply = z.object({ message: contactMessage })
