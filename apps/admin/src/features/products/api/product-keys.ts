export const productKeys = {
  all: ['products'] as const,
  lists: () => ['products', 'list'] as const,
  list: (query: string) => ['products', 'list', query] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  categories: () => ['categories'] as const,
}
