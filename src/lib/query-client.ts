// The one query layer for reads (TanStack Query). Features describe their reads as query options
// (`*-api.ts`) built with the helpers here; a failed read is handled once, in the query cache: a
// 404 of a screen's own record replaces the page with /not-found, any other failure is an Error
// toast with the server's detail or the screen's fallback text. A 401 is the API client's: it ends
// the session, which sends the browser to /login.
import {
  keepPreviousData,
  type MutationFunctionContext,
  QueryCache,
  QueryClient,
  type QueryKey,
  queryOptions,
} from '@tanstack/react-query'
import type { PageInfo } from '../components/pager'
import {
  ApiError,
  api,
  errorText,
  isApiError,
  isNotFound,
  NETWORK_ERROR,
  type Versioned,
} from './api-client'
import type { QueryParams } from './query-string'

export interface LoadMeta extends Record<string, unknown> {
  /** Toasted when the load fails and the server sends no detail (spec §8 fallback texts). */
  errorText?: string
  /** A 404 means the screen's own record is missing: the page becomes /not-found. */
  notFoundPage?: boolean
  /** A list's own request (path and query), for its CSV export to take the same filters. */
  list?: { path: string; query: QueryParams }
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: LoadMeta
  }
}

export interface QueryHandlers {
  notFound: () => void
  /** Shows a failed load's message (the server's detail, else the fallback). */
  report: (message: string) => void
}

export function createQueryClient(handlers: QueryHandlers): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const meta = query.meta ?? {}
        if (isApiError(error) && error.status === 401) return
        // A 404 is the missing record's screen's to report, while it is shown (not after a
        // delete has left it); lists under the record stay quiet.
        if (isNotFound(error)) {
          if (meta.notFoundPage && query.getObserversCount() > 0) handlers.notFound()
          return
        }
        if (meta.errorText) handlers.report(errorText(error, meta.errorText))
      },
    }),
    defaultOptions: {
      queries: {
        // What the server answered stands; only a request that never got an answer is worth a
        // second try (a dropped connection), not a 4xx or a 5xx the operator must see at once.
        retry: (failures, error) =>
          failures < 1 && isApiError(error) && error.message === NETWORK_ERROR,
        // No staleTime: a page revisited shows what it showed at once and reloads it meanwhile.
      },
    },
  })
}

/** A query key from an API path: `/products/5/images` → ['products', '5', 'images']. */
export const pathKey = (path: string): string[] => path.split('/').filter(Boolean)

interface RecordQueryOptions<T, Raw> {
  /** The route's ids: one that is not a number (NaN) is a missing record, without a request. */
  ids: number[]
  errorText: string
  /** False where the screen shows a missing record itself. */
  notFoundPage?: boolean
  /** Turns the raw record into what the screens show. */
  map?: (raw: Raw) => T
}

/** One record with the ETag its GET answered, which an edit screen's save sends back. */
export function recordQuery<T, Raw = T>(path: string, options: RecordQueryOptions<T, Raw>) {
  const { ids, errorText, notFoundPage = true, map } = options
  return queryOptions({
    queryKey: pathKey(path),
    queryFn: async (): Promise<Versioned<T>> => {
      if (ids.some(Number.isNaN)) throw new ApiError(404, null)
      const { data, etag } = await api.getVersioned<Raw>(path)
      // Without `map`, Raw is T (its default): the record is what the screens show.
      return { data: map ? map(data) : (data as unknown as T), etag }
    },
    meta: { errorText, notFoundPage },
  })
}

export interface Page<T> {
  data: T[]
  pagination: PageInfo
}

/** How soon a list whose total was not exact (counted before the server's latest write, being
 * counted again) is read again, so that the exact number replaces "about" a moment later. */
export const INEXACT_TOTAL_REFETCH_MS = 1_500

/** A query's `refetchInterval` for an answer whose total is `totalExact` (unknown while it loads,
 * and from a server that does not say, means exact). */
export function untilExact(totalExact: boolean | undefined): number | false {
  return totalExact === false ? INEXACT_TOTAL_REFETCH_MS : false
}

/**
 * A page of a list: the key is the path and the query, so each filter and page is cached.
 * `map` turns each raw row into what the screen shows. While another page, sort or filter
 * loads, the rows shown stay (dimmed by ListResults) instead of a blank spinner. A page whose
 * total is not exact is read again until it is.
 */
export function listQuery<T, Raw = T>(
  path: string,
  query: QueryParams,
  errorText: string,
  map?: (raw: Raw) => T,
) {
  return queryOptions({
    queryKey: [...pathKey(path), query],
    queryFn: async (): Promise<Page<T>> => {
      const page = await api.get<Page<Raw>>(path, query)
      // Without `map`, Raw is T (its default): the rows are what the screens show.
      return map ? { ...page, data: page.data.map(map) } : (page as unknown as Page<T>)
    },
    placeholderData: keepPreviousData,
    refetchInterval: (loaded) => untilExact(loaded.state.data?.pagination.totalExact),
    meta: { errorText, list: { path, query } },
  })
}

/** A write's onSuccess: every query under these keys is stale, and those on screen reload. */
export function invalidates(...keys: QueryKey[]) {
  return (
    _data: unknown,
    _variables: unknown,
    _result: unknown,
    context: MutationFunctionContext,
  ) => {
    for (const queryKey of keys) void context.client.invalidateQueries({ queryKey })
  }
}

/**
 * A delete's onSuccess (its variable is the record's id): the record's own queries are dropped,
 * so its screen is never refetched into a 404, and every query under these keys is stale.
 */
export function forgets(recordPath: (id: number) => string, ...keys: QueryKey[]) {
  return (_data: unknown, id: number, _result: unknown, context: MutationFunctionContext) => {
    context.client.removeQueries({ queryKey: pathKey(recordPath(id)) })
    for (const queryKey of keys) void context.client.invalidateQueries({ queryKey })
  }
}
