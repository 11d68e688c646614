import { createApi, type ApiOptions } from '@shop/client-kit'
import type { z } from 'zod'

export { ApiError, type ApiErrorCode, type ApiOptions, type FieldError } from '@shop/client-kit'

/** `api(path, replySchema, options)`: the shared client (packages/client-kit); a FormData body is sent as multipart. */
export const api = createApi()

/** @deprecated Untyped call kept while the endpoints move to their reply schemas. */
export function legacyApi<T>(path: string, options?: ApiOptions): Promise<T> {
  return api(path, anything, options) as Promise<T>
}
const anything: z.ZodType<unknown> = { safeParse: (data: unknown) => ({ success: true, data }) } as never
