import type { blacklistBody, blacklistReply, customerCardReply, CustomerCard, mergeOrderBody, orderPage, OrderPage } from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../../lib/api.ts'
import { customerKeys } from './customer-keys.ts'

/** `GET /admin/customers/:phone?orderId=`: the phone's card, its duplicates of `orderId` and its risk. */
export function useCustomerCard(phone: string, orderId?: string) {
  return useQuery({
    queryKey: customerKeys.card(phone, orderId),
    queryFn: async ({ signal }): Promise<CustomerCard> => {
      const query = orderId ? `?orderId=${encodeURIComponent(orderId)}` : ''
      const reply = await api<typeof customerCardReply>(`/admin/customers/${encodeURIComponent(phone)}${query}`, { signal })
      return reply.customer
    },
    enabled: phone !== '',
  })
}

/** Merges another open order of the phone into `orderId`; the reply is the kept order's page. */
export function useMergeOrder(orderId: string, onMerged?: (page: OrderPage) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof mergeOrderBody>) =>
      api<typeof orderPage>(`/admin/orders/${encodeURIComponent(orderId)}/merge`, { method: 'POST', body }),
    onSuccess: async (page) => {
      onMerged?.(page)
      await queryClient.invalidateQueries({ queryKey: customerKeys.all })
    },
  })
}

export function useBlacklist() {
  return useQuery({
    queryKey: customerKeys.blacklist(),
    queryFn: async ({ signal }) => (await api<typeof blacklistReply>('/admin/blacklist', { signal })).entries,
  })
}

export type BlacklistChange = { kind: 'add'; body: z.input<typeof blacklistBody> } | { kind: 'remove'; phone: string }

/** Adds or removes a phone; the reply is the whole list, put in place of ours. */
export function useBlacklistChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: BlacklistChange) =>
      change.kind === 'add'
        ? api<typeof blacklistReply>('/admin/blacklist', { method: 'POST', body: change.body })
        : api<typeof blacklistReply>(`/admin/blacklist/${encodeURIComponent(change.phone)}`, { method: 'DELETE' }),
    onSuccess: async (reply) => {
      queryClient.setQueryData(customerKeys.blacklist(), reply.entries)
      await queryClient.invalidateQueries({ queryKey: customerKeys.cards() })
    },
  })
}
