// The session token lives under one local-storage key (spec: 'token'); everything reads it here.
const TOKEN_KEY = 'token'

export interface TokenStore {
  get(): string | null
  set(token: string): void
  clear(): void
}

export const tokenStore: TokenStore = {
  get: () => {
    const token = window.localStorage.getItem(TOKEN_KEY)
    return token ? token : null
  },
  set: (token) => window.localStorage.setItem(TOKEN_KEY, token),
  clear: () => window.localStorage.removeItem(TOKEN_KEY),
}
