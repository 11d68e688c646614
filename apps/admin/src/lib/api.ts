import { createApi } from '@shop/client-kit'

export { ApiError, type ApiErrorCode, type ApiOptions, type FieldError } from '@shop/client-kit'

/** `api(path, replySchema, options)`: the shared client (packages/client-kit); a FormData body is sent as multipart. */
export const api = createApi()
