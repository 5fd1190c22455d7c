// Who is signed in (`GET /api/me`), read once per session through the query layer, and what
// that operator may do. The shell waits for it (app/me-gate.tsx), so below the shell it is known.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, isNotFound } from './api-client'
import { can, type Me, type Right } from './rights'

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api.get<Me>('/me')
    } catch (error) {
      // A server without roles (the spec's own API): see `can`.
      if (isNotFound(error)) return null
      throw error
    }
  },
  // Read once: it changes only through this operator's own actions, which refresh it.
  staleTime: Number.POSITIVE_INFINITY,
})

/** The signed-in operator: null on a server without roles, undefined until known. */
export function useMe(): Me | null | undefined {
  return useQuery(meQuery).data
}

/** Whether the signed-in operator may use `right`; nothing is allowed until that is known. */
export function useCan(right: Right): boolean {
  const me = useMe()
  return me !== undefined && can(me, right)
}
