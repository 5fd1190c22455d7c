export type QueryValue = string | number | boolean | null | undefined
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>

function append(search: URLSearchParams, key: string, value: QueryValue) {
  // Omitted and empty filters mean "no filter"; null is meaningful to the API ("no parent").
  if (value === undefined || value === '') return
  search.append(key, value === null ? 'null' : String(value))
}

/** Builds `?a=1&b=null` from params, or '' when nothing is left. */
export function toQueryString(params?: QueryParams): string {
  if (!params) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value) append(search, key, item)
    else append(search, key, value as QueryValue)
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}
