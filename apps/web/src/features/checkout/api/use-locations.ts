import { useLocale } from '@shop/client-kit'
/**
 * Wilayas and communes of the division the shop shows (58 or 69).
 *   const wilayas = useWilayas()              // wilayas.data: Wilaya[]
 *   const communes = useCommunes(wilayaCode)  // disabled until a wilaya is chosen
 * Most forms want <WilayaCommuneFields /> instead, which uses both.
 */
import { type communesReply, pickLocalized, type wilayasReply } from '@shop/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'

export const locationKeys = {
  wilayas: () => ['location', 'wilayas'] as const,
  communes: (wilayaCode: string) => ['location', 'communes', wilayaCode] as const,
}

// Names come in both languages in every reply: the shopper's language is picked at render time.
const DAY_MS = 86_400_000

export const wilayasQuery = queryOptions({
  queryKey: locationKeys.wilayas(),
  queryFn: ({ signal }) => api<typeof wilayasReply>('/location/states', { signal }).then((data) => data.states),
  staleTime: DAY_MS,
})

export function useWilayas() {
  return useQuery(wilayasQuery)
}

/** The communes of one wilaya (the server renders them for a form sent back without the scripts). */
export function communesQuery(wilayaCode: string) {
  return queryOptions({
    queryKey: locationKeys.communes(wilayaCode),
    queryFn: ({ signal }) =>
      api<typeof communesReply>(`/location/states/${Number(wilayaCode)}/cities`, { signal }).then((data) => data.cities),
    enabled: wilayaCode !== '',
    staleTime: DAY_MS,
  })
}

export function useCommunes(wilayaCode: string) {
  return useQuery(communesQuery(wilayaCode))
}

/** Arabic or Latin name of a place for the shopper's language. */
export function usePlaceName(): (place: { nameAr: string; nameFr: string }) => string {
  const locale = useLocale()
  return (place) => pickLocalized(place.nameAr, place.nameFr, locale)
}
