// Who is signed in (`GET /api/me`), read once per session through the query layer, and what
// that operator may do. The shell waits for it (app/me-gate.tsx), so below the shell it is known.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, isApiError, isNotFound, NETWORK_ERROR } from './api-client'
import { can, type Me, type Right } from './rights'

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api.get<Me>('/me')
    } catch (error) {
      // A server without roles (the spec's own API): see `can`. An unreachable one likewise:
      // the pages show their own network errors, and the server refuses what the role may not.
      if (isNotFound(error) || (isApiError(error) && error.message === NETWORK_ERROR)) return null
      throw error
    }
  },
  // Read once: it changes only through this operator's own actions, which refresh it.
  staleTime: Number.POSITIVE_INFINITY,
  // No retries, and no new request per component that reads it: with the server unreachable
  // the page shows its own network error at once (a refetch would take the shell down while it
  // runs, and each page that mounts again would ask again).
  retry: false,
  refetchOnMount: false,
})

/** The signed-in operator: null on a server without roles, undefined until known. */
export function useMe(): Me | null | undefined {
  return useQuery(meQuery).data
}

/** Whether the signed-in operator may use `right`; nothing is allowed until that is known. */
export function useCan(right: Right): boolean {
  const { data, isError } = useQuery(meQuery)
  // Unreachable: offer what a server without roles would (it refuses what a role may not do, and
  // the page shows the network error); asked again on the next screen.
  if (isError) return can(null, right)
  return data !== undefined && can(data, right)
}
