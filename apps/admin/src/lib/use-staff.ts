import { useQuery } from '@tanstack/react-query'
import { meQuery } from './me-query.ts'

export function useStaff() {
  return useQuery(meQuery)
}
