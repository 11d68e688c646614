import type { ErrorCode } from '@shop/shared'

export interface FieldError {
  field: string
  /** A message key ('validation:phone.invalid') or plain text; translated by the error handler. */
  message: string
  params?: Record<string, string | number>
}

/** A refusal the shopper or staff can act on; the error handler turns it into the failure envelope. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly params: Record<string, string | number>
  readonly fieldErrors: FieldError[]
  readonly data: unknown

  constructor(
    code: ErrorCode,
    options: {
      params?: Record<string, string | number>
      fieldErrors?: FieldError[]
      data?: unknown
      cause?: unknown
    } = {},
  ) {
    super(code, { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.params = options.params ?? {}
    this.fieldErrors = options.fieldErrors ?? []
    this.data = options.data
  }
}
