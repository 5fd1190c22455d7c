// The session token lives under one local-storage key (spec: 'token'); everything reads it here.
// Each change is told to whoever listens (the image worker, which adds the token to image
// requests, ./image-worker.ts).

export const TOKEN_KEY = 'token'

const listeners = new Set<() => void>()

/** Calls `listener` after every change of the token made through `tokenStore`. */
export function onTokenChange(listener: () => void): void {
  listeners.add(listener)
}

const changed = () => {
  for (const listener of listeners) listener()
}

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
    changed()
  },
  clear: () => {
    window.localStorage.removeItem(TOKEN_KEY)
    changed()
  },
}
