export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (query: string) => ['orders', 'list', query] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  wilayas: () => ['location', 'wilayas'] as const,
  callQueue: () => ['orders', 'call-queue'] as const,
}
