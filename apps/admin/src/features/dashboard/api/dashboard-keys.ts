export const dashboardKeys = {
  figures: () => ['dashboard', 'figures'] as const,
}
