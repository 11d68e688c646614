import type { ConfirmLinkBody, confirmLinkReply, ConfirmLinkOrder } from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { confirmLinkKeys } from '../../../lib/query-keys.ts'

/** `GET /confirm/:token`: the order's summary. Reading it changes nothing on the server. */
export function useConfirmLink(token: string) {
  return useQuery({
    queryKey: confirmLinkKeys.of(token),
    queryFn: ({ signal }) => api<typeof confirmLinkReply>(`/confirm/${encodeURIComponent(token)}`, { signal }).then((reply) => reply.order),
    retry: false,
  })
}

/** `POST /confirm/:token`: the customer's answer; the reply is the order as it now is. */
export function useAnswerConfirmLink(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ConfirmLinkBody) =>
      api<typeof confirmLinkReply>(`/confirm/${encodeURIComponent(token)}`, { method: 'POST', body }).then((reply) => reply.order),
    onSuccess: (order: ConfirmLinkOrder) => queryClient.setQueryData(confirmLinkKeys.of(token), order),
  })
}
