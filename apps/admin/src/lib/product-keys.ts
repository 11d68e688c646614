export const productKeys = {
  all: ['products'] as const,
  lists: () => ['products', 'list'] as const,
  list: (query: string) => ['products', 'list', query] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  /** the banner form's link picker: a few active products found by name */
  linkSearch: (term: string) => ['products', 'link-search', term] as const,
  categories: () => ['categories'] as const,
}
