/** The dashboard's figures; here in lib because an order change (features/orders) invalidates them too. */
export const dashboardKeys = {
  all: () => ['dashboard'] as const,
  figures: () => ['dashboard', 'figures'] as const,
  /** The calls and order outcomes over a period of shop days; an empty end is left to the API (the last 30 days). */
  callFigures: (from: string, to: string) => ['dashboard', 'call-figures', from, to] as const,
}
