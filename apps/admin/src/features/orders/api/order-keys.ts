export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (query: string) => ['orders', 'list', query] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  /** the order's parcels at the couriers and the accounts it may ship with */
  shipping: (id: string) => ['orders', 'detail', id, 'shipping'] as const,
  wilayas: () => ['location', 'wilayas'] as const,
  /** the communes of a wilaya, for an edit's or a new order's address */
  communes: (wilaya: number) => ['location', 'communes', wilaya] as const,
  /** a product's variants and stock, for an edited or new line */
  product: (id: string) => ['orders', 'product', id] as const,
  /** a few active products found by name, to add a line */
  productSearch: (term: string) => ['orders', 'product-search', term] as const,
  /** the delivery fee of a wilaya and type, for a new order */
  deliveryFee: (wilaya: number, type: string) => ['orders', 'delivery-fee', wilaya, type] as const,
  /** an edit's new totals, as the server would save them */
  editPreview: (id: string, body: string) => ['orders', 'edit-preview', id, body] as const,
  callQueue: () => ['orders', 'call-queue'] as const,
  /** who orders can be given to (bulk assign) */
  assignees: () => ['orders', 'assignees'] as const,
  /** which ticked orders the courier CSV leaves out */
  exportCheck: (ids: string) => ['orders', 'export-check', ids] as const,
}
