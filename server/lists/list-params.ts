// Reading list query strings (page, pageSize, text and id filters, checked beforehand by the
// route's querystring schema) and the pagination block every list answers with.

export const DEFAULT_PAGE_SIZE = 30
export const MAX_PAGE_SIZE = 3000

export type RawQuery = Record<string, unknown>

export interface PageRequest {
  page: number
  pageSize: number
}

export interface Pagination extends PageRequest {
  total: number
  /** False when `total` was counted before the latest write and is being counted again
   * (decision 030): then `total` and `totalPages` are estimates and `hasNext` comes from the
   * rows. True for every list whose total is always counted afresh. */
  totalExact: boolean
  totalPages: number
  hasPrev: boolean
  hasNext: boolean
}

/** A query value as one string (the app's query parser already keeps the last of repeated ones
 * and trims; this also serves callers that pass a query of their own, such as the benchmarks). */
export function single(query: RawQuery, name: string): string | undefined {
  const value = query[name]
  const last = Array.isArray(value) ? value[value.length - 1] : value
  const text = typeof last === 'string' ? last.trim() : undefined
  return text ? text : undefined
}

/** The largest id the API accepts: PostgreSQL's `integer` range. */
export const MAX_ID = 2147483647

// The converters below read parameters that the route's querystring schema (./query-schema.ts)
// has already checked, with its 400 texts; they only turn the text into a value.

export function positiveInteger(query: RawQuery, name: string): number | undefined {
  const raw = single(query, name)
  return raw === undefined ? undefined : Number(raw)
}

/** An id in the query string. */
export function idFilter(query: RawQuery, name: string): number | undefined {
  return positiveInteger(query, name)
}

/**
 * The numeric id in a path such as `/categories/:id`, or undefined when the text cannot be the
 * id of anything (`abc`, `0`, `1.5`, out of range): such a path names no entity, so routes
 * answer it with the same 404 as a missing one.
 */
export function pathId(params: unknown, name = 'id'): number | undefined {
  const raw = (params as RawQuery | undefined)?.[name]
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return undefined
  const id = Number(raw)
  return id <= MAX_ID ? id : undefined
}

export function pageRequest(query: RawQuery): PageRequest {
  const page = positiveInteger(query, 'page') ?? 1
  // Larger sizes are capped rather than refused: a client asking for "everything" gets a page.
  const pageSize = Math.min(positiveInteger(query, 'pageSize') ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
  return { page, pageSize }
}

/** A substring filter; blank means no filter. */
export function textFilter(query: RawQuery, name: string): string | undefined {
  return single(query, name)
}

/** An id filter that also accepts the text `null` (top level only); omitted means no filter. */
export function nullableIdFilter(query: RawQuery, name: string): number | null | undefined {
  return single(query, name) === 'null' ? null : idFilter(query, name)
}

export function booleanFilter(query: RawQuery, name: string): boolean | undefined {
  const raw = single(query, name)
  return raw === undefined ? undefined : raw === 'true'
}

/** The pagination block of a page of `total` rows. A total that is not exact (`Page` of the
 * list engine) cannot say whether another page follows: the page read says (`hasNext`). */
export function pagination(
  { page, pageSize }: PageRequest,
  total: number,
  { totalExact, hasNext }: { totalExact: boolean; hasNext?: boolean } = { totalExact: true },
): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / pageSize))
  return {
    page,
    pageSize,
    total,
    totalExact,
    totalPages,
    hasPrev: page > 1,
    hasNext: totalExact ? page < totalPages : hasNext === true,
  }
}

/**
 * A LIKE pattern for a case-insensitive substring match in which % and _ match only
 * themselves. Use with `lower(column) like pattern escape '\'`.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
