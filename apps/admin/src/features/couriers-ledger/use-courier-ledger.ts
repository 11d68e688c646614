import type { ledgerParcelsReply, ledgerReply, statementReply } from '@shop/shared'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'

export type LedgerPeriod = { from: string; to: string }
export type ParcelFilter = 'owed' | 'paid' | 'returned'

export const ledgerKeys = {
  all: ['courier-ledger'] as const,
  figures: (period: LedgerPeriod) => ['courier-ledger', 'figures', period] as const,
  parcels: (accountId: string, filter: ParcelFilter, period: LedgerPeriod, page: number) => ['courier-ledger', 'parcels', accountId, filter, period, page] as const,
}

function periodParams(period: LedgerPeriod, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra)
  if (period.from) params.set('from', period.from)
  if (period.to) params.set('to', period.to)
  return params.toString()
}

export function useLedger(period: LedgerPeriod) {
  return useQuery({
    queryKey: ledgerKeys.figures(period),
    queryFn: ({ signal }) => api<typeof ledgerReply>(`/admin/couriers/ledger?${periodParams(period)}`, { signal }).then((d) => d.accounts),
    placeholderData: (previous) => previous,
  })
}

export function useLedgerParcels(accountId: string, filter: ParcelFilter, period: LedgerPeriod, page: number) {
  return useQuery({
    queryKey: ledgerKeys.parcels(accountId, filter, period, page),
    queryFn: ({ signal }) => api<typeof ledgerParcelsReply>(`/admin/couriers/${accountId}/ledger/parcels?${periodParams(period, { status: filter, page: String(page) })}`, { signal }),
    placeholderData: keepPreviousData,
  })
}

/** Imports a payout statement; every figure and list is read again afterwards. */
export function useImportStatement(accountId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (csv: string) => api<typeof statementReply>(`/admin/couriers/${accountId}/statements`, { method: 'POST', body: { csv } }),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
  })
}
