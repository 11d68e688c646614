/** The dashboard's figures; here in lib because an order change (features/orders) invalidates them too. */
export const dashboardKeys = {
  all: () => ['dashboard'] as const,
  figures: () => ['dashboard', 'figures'] as const,
}
