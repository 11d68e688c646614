import type { adminDraftList, communesReply, deleted, draftOrderBody, draftOrderReply, wilayasReply } from '@shop/shared'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../lib/api.ts'

export const CALLBACKS_PER_PAGE = 50

export const callbackKeys = {
  all: () => ['callbacks'] as const,
  list: (page: number) => ['callbacks', 'list', page] as const,
  // the same entries as the orders filter's: one request for the wilayas whichever screen asks first
  wilayas: () => ['location', 'wilayas'] as const,
  communes: (wilaya: number) => ['location', 'communes', wilaya] as const,
}

/** The wilayas of the division the shop shows. */
export function useWilayaList() {
  return useQuery({
    queryKey: callbackKeys.wilayas(),
    queryFn: ({ signal }) => api<typeof wilayasReply>('/location/states', { signal }).then((data) => data.states),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** `GET /admin/drafts`: abandoned quick orders still worth a call, newest first. */
export function useCallbacks(page: number) {
  return useQuery({
    queryKey: callbackKeys.list(page),
    queryFn: ({ signal }) => api<typeof adminDraftList>(`/admin/drafts?page=${page}&limit=${CALLBACKS_PER_PAGE}`, { signal }),
    placeholderData: keepPreviousData,
    // shoppers leave product pages all day: the list refreshes itself every minute (paused in a hidden tab)
    refetchInterval: 60_000,
  })
}

/** The communes of one wilaya, for the order form. */
export function useCommunes(wilaya: number | null) {
  return useQuery({
    queryKey: callbackKeys.communes(wilaya ?? 0),
    queryFn: ({ signal }) => api<typeof communesReply>(`/location/states/${wilaya}/cities`, { signal }).then((data) => data.cities),
    enabled: wilaya !== null,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useDismissCallback(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<typeof deleted>(`/admin/drafts/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callbackKeys.all() }),
  })
}

export function useOrderFromCallback(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof draftOrderBody>) => api<typeof draftOrderReply>(`/admin/drafts/${id}/order`, { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: callbackKeys.all() })
      // the new order is on the orders list (its key factory belongs to the orders feature)
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'orders' })
    },
  })
}
