import { ERROR_STATUS, type ErrorCode, type Locale, translate } from '@shop/shared'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { causes, connectionGone } from '../db/errors.ts'
import { AppError, type FieldError } from './app-error.ts'

interface FailureBody {
  status: 'fail' | 'error'
  code: ErrorCode
  message: string
  errors?: { field: string; message: string }[]
  data?: unknown
}

/** Fastify's own refusals (body parsing, limits) mapped to the store's codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
}

export function failureBody(code: ErrorCode, locale: Locale, options: Partial<AppError> = {}): FailureBody {
  const status = ERROR_STATUS[code]
  const body: FailureBody = {
    status: status >= 500 ? 'error' : 'fail',
    code,
    message: translate(locale, `errors:${code}`, options.params ?? {}),
  }
  if (options.fieldErrors && options.fieldErrors.length > 0) body.errors = options.fieldErrors.map((e) => localize(e, locale))
  if (options.data !== undefined) body.data = options.data
  return body
}

function localize(error: FieldError, locale: Locale): { field: string; message: string } {
  const message = error.message.includes(':') ? translate(locale, error.message, error.params) : error.message
  return { field: error.field, message }
}

/**
 * zod issues → one field error each, with the message key of the rule that failed (e.g.
 * 'validation:phone.invalid'), translated into the request's language by failureBody.
 *
 * fastify-type-provider-zod (createValidationError) gives each issue as { keyword: issue.code,
 * instancePath, message: issue.message, params: the issue's other fields (minimum, origin...) }: the
 * rule's message is `message`, not a nested `params.issue`.
 */
function zodFieldErrors(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return []
  return error.validation.map((item) => {
    const issue = toIssue(item)
    const field = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body'
    return { field, ...issueMessage(issue) }
  })
}

interface IssueLike {
  code: string
  message: string
  minimum?: unknown
  maximum?: unknown
  origin?: unknown
  expected?: unknown
}

function toIssue(item: { keyword: string; message?: string; params?: unknown }): IssueLike {
  const params = item.params && typeof item.params === 'object' ? (item.params as Record<string, unknown>) : {}
  return { ...params, code: String(item.keyword || 'custom'), message: String(item.message ?? '') }
}

function issueMessage(issue: IssueLike): { message: string; params?: Record<string, string | number> } {
  if (issue.message.startsWith('validation:')) return { message: issue.message }
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        // zod 4 leaves the input out of its issues: a minimum of 1 is "required", a longer one "too short"
        return Number(issue.minimum) <= 1
          ? { message: 'validation:required' }
          : { message: 'validation:tooShort', params: { min: Number(issue.minimum) } }
      }
      return { message: 'validation:tooSmall', params: { min: Number(issue.minimum) } }
    case 'too_big':
      return issue.origin === 'string'
        ? { message: 'validation:tooLong', params: { max: Number(issue.maximum) } }
        : { message: 'validation:tooBig', params: { max: Number(issue.maximum) } }
    case 'invalid_type':
      // zod 4's own wording: "Invalid input: expected string, received undefined"
      return /received undefined/.test(issue.message) ? { message: 'validation:required' } : { message: 'validation:invalid' }
    case 'invalid_format':
      return { message: 'validation:invalid' }
    default:
      return { message: 'validation:invalid' }
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const retryAfter = (error.data as { retryAfter?: number } | undefined)?.retryAfter
      if (error.code === 'TOO_MANY_REQUESTS' && retryAfter) reply.header('retry-after', String(retryAfter))
      return reply.code(ERROR_STATUS[error.code]).send(failureBody(error.code, request.locale, error))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = zodFieldErrors(error)
      return reply.code(400).send(failureBody('VALIDATION_FAILED', request.locale, { fieldErrors }))
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined
    if (mapped) return reply.code(ERROR_STATUS[mapped]).send(failureBody(mapped, request.locale))
    if (error.statusCode === 429) {
      return reply.code(429).send(failureBody('TOO_MANY_REQUESTS', request.locale))
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // a malformed request Fastify refused before our code ran (bad JSON, bad header...)
      return reply.code(400).send(failureBody('VALIDATION_FAILED', request.locale))
    }
    // Never send the text of an unexpected error: log it with the request id, answer generically.
    request.log.error({ err: error }, 'unhandled error')
    const unavailable = isDatabaseUnavailable(error)
    const code: ErrorCode = unavailable ? 'UNAVAILABLE' : 'INTERNAL'
    return reply.code(ERROR_STATUS[code]).send(failureBody(code, request.locale))
  })
}

/** Connection-level database failures are a 503 (retry later), not a bug: the connection gone, the server out of resources (53), or no connection at all. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causes(error)) {
    if (typeof code === 'string' && (connectionGone(code) || code.startsWith('53') || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code)))
      return true
    // pg's own wording when a connection broke or the server is restarting (no SQLSTATE on these)
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended|the database system is (starting up|shutting down|in recovery)/i.test(message)
    )
      return true
  }
  return false
}
