/** Matches any origin, since the app resolves its `/api` base against the page's origin. */
export const apiUrl = (path: string) => `*/api${path}`
