// The session token lives under one local-storage key (spec: 'token'); everything reads it here.
// Each change is passed on to the image worker, which adds the token to image requests.
import { tellImageWorker } from './image-worker'

export const TOKEN_KEY = 'token'

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
  set: (token) => {
    window.localStorage.setItem(TOKEN_KEY, token)
    tellImageWorker()
  },
  clear: () => {
    window.localStorage.removeItem(TOKEN_KEY)
    tellImageWorker()
  },
}
