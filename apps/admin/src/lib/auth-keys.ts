export const authKeys = {
  all: ['auth'] as const,
  me: () => ['auth', 'me'] as const,
}

/** Everything cached except the session itself: what one staff member saw that the next must not inherit. */
export function isStaffData(query: { queryKey: readonly unknown[] }): boolean {
  return query.queryKey[0] !== authKeys.all[0]
}
