import type {
  communesReply,
  courierAccountBody,
  courierAccountListReply,
  courierAccountReply,
  courierPlaceReply,
  courierPlacesReply,
  deletedReply,
  placesSyncReply,
  wilayaCourierChoicesReply,
} from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../lib/api.ts'

export type PlacesFilter = { filter: 'unmatched' | 'all'; q: string; page: number }

/** One factory for the couriers screen's queries: a change to an account refreshes all of them. */
export const courierKeys = {
  all: ['couriers'] as const,
  accounts: ['couriers', 'accounts'] as const,
  choices: ['couriers', 'choices'] as const,
  places: (accountId: string, filter: PlacesFilter) => ['couriers', 'places', accountId, filter] as const,
  communes: (wilayaCode: number) => ['communes', wilayaCode] as const,
}

export function useCourierAccounts() {
  return useQuery({
    queryKey: courierKeys.accounts,
    queryFn: ({ signal }) => api<typeof courierAccountListReply>('/admin/couriers', { signal }).then((d) => d.accounts),
  })
}

export function useWilayaChoices() {
  return useQuery({
    queryKey: courierKeys.choices,
    queryFn: ({ signal }) => api<typeof wilayaCourierChoicesReply>('/admin/couriers/wilaya-choices', { signal }).then((d) => d.choices),
  })
}

export function useCourierPlaces(accountId: string, filter: PlacesFilter) {
  const params = new URLSearchParams({ filter: filter.filter, page: String(filter.page) })
  if (filter.q.trim()) params.set('q', filter.q.trim())
  return useQuery({
    queryKey: courierKeys.places(accountId, filter),
    queryFn: ({ signal }) => api<typeof courierPlacesReply>(`/admin/couriers/${accountId}/places?${params.toString()}`, { signal }),
    placeholderData: (previous) => previous,
  })
}

/** The store's communes of a wilaya (the division's list), for the manual match. */
export function useWilayaCommunes(wilayaCode: number | null) {
  return useQuery({
    queryKey: courierKeys.communes(wilayaCode ?? 0),
    queryFn: ({ signal }) => api<typeof communesReply>(`/location/states/${wilayaCode}/cities`, { signal }).then((d) => d.cities),
    enabled: wilayaCode !== null,
    staleTime: Infinity,
  })
}

export type AccountChange =
  | { kind: 'create'; body: z.input<typeof courierAccountBody> }
  | { kind: 'update'; id: string; body: z.input<typeof courierAccountBody> }
  | { kind: 'remove'; id: string }

export function useAccountChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: AccountChange): Promise<void> => {
      if (change.kind === 'remove') await api<typeof deletedReply>(`/admin/couriers/${change.id}`, { method: 'DELETE' })
      else if (change.kind === 'update') await api<typeof courierAccountReply>(`/admin/couriers/${change.id}`, { method: 'PUT', body: change.body })
      else await api<typeof courierAccountReply>('/admin/couriers', { method: 'POST', body: change.body })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courierKeys.all }),
  })
}

export function useSyncPlaces(accountId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<typeof placesSyncReply>(`/admin/couriers/${accountId}/places/sync`, { method: 'POST' }).then((d) => d.sync),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courierKeys.all }),
  })
}

export function useMatchPlace(accountId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ placeId, communeId }: { placeId: number; communeId: number | null }) =>
      api<typeof courierPlaceReply>(`/admin/couriers/${accountId}/places/${placeId}`, { method: 'PUT', body: { communeId } }).then((d) => d.place),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courierKeys.all }),
  })
}

export function useSetWilayaChoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (choice: { wilayaCode: number; accountId: string | null }) =>
      api<typeof wilayaCourierChoicesReply>('/admin/couriers/wilaya-choices', { method: 'PUT', body: { choices: [choice] } }).then((d) => d.choices),
    onSuccess: (choices) => queryClient.setQueryData(courierKeys.choices, choices),
  })
}
