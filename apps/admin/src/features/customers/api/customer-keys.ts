export const customerKeys = {
  all: ['customers'] as const,
  cards: () => ['customers', 'card'] as const,
  card: (phone: string, orderId: string | undefined) => ['customers', 'card', phone, orderId ?? ''] as const,
  blacklist: () => ['customers', 'blacklist'] as const,
}
