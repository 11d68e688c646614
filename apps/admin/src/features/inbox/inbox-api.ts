import { type contactMessageBody, type contactMessageListReply, type contactMessageReply, type subscriptionListReply } from '@shop/shared'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../lib/api.ts'

/** Which messages the list shows: those still waiting for an answer (the default), the handled ones, or all. */
export const MESSAGE_FILTERS = ['open', 'handled', 'all'] as const
export type MessageFilter = (typeof MESSAGE_FILTERS)[number]

export const INBOX_PER_PAGE = 50

export const inboxKeys = {
  messages: () => ['inbox', 'messages'] as const,
  messageList: (query: string) => ['inbox', 'messages', query] as const,
  newsletter: (page: number) => ['inbox', 'newsletter', page] as const,
}

/** The filter in the page's address; anything else (absent, hand-edited) is the default. */
export function readMessageFilter(search: URLSearchParams): MessageFilter {
  const value = search.get('show')
  return (MESSAGE_FILTERS as readonly string[]).includes(value ?? '') ? (value as MessageFilter) : 'open'
}

export function readPage(search: URLSearchParams): number {
  const page = Number(search.get('page'))
  return Number.isInteger(page) && page > 1 ? page : 1
}

/** `GET /admin/contact-messages?...`: newest first (the API's order), the filter as `handled`, then the page. */
export function messageListQuery(filter: MessageFilter, page: number): string {
  const query = new URLSearchParams()
  if (filter !== 'all') query.set('handled', filter === 'handled' ? 'true' : 'false')
  query.set('page', String(page))
  query.set('limit', String(INBOX_PER_PAGE))
  return query.toString()
}

export function useContactMessages(query: string) {
  return useQuery({
    queryKey: inboxKeys.messageList(query),
    queryFn: ({ signal }) => api<typeof contactMessageListReply>(`/admin/contact-messages?${query}`, { signal }),
    placeholderData: keepPreviousData,
  })
}

export function useSubscriptions(page: number) {
  return useQuery({
    queryKey: inboxKeys.newsletter(page),
    queryFn: ({ signal }) =>
      api<typeof subscriptionListReply>(`/admin/newsletter?page=${page}&limit=${INBOX_PER_PAGE}`, { signal }),
    placeholderData: keepPreviousData,
  })
}

/** Marks a message handled (or open again); the lists are read again. */
export function useMarkMessage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (handled: boolean) =>
      api<typeof contactMessageReply>(`/admin/contact-messages/${id}`, { method: 'PATCH', body: { handled } satisfies z.input<typeof contactMessageBody> }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.messages() }),
  })
}
