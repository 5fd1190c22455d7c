/** Matches any origin, since the app resolves its `/api` base against the page's origin. */
export const apiUrl = (path: string) => `*/api${path}`

/** The page of `items` a list request asks for (`page`, `pageSize`), as the API answers it. */
export function pagedAnswer<T>(items: readonly T[], query: URLSearchParams) {
  const page = Number(query.get('page') ?? 1)
  const pageSize = Number(query.get('pageSize') ?? 30)
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize))
  return {
    data: items.slice((page - 1) * pageSize, page * pageSize),
    pagination: {
      page,
      pageSize,
      total: items.length,
      totalPages,
      hasPrev: page > 1,
      hasNext: page < totalPages,
    },
  }
}
