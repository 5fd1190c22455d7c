// Loads data for a screen and tracks loading / ready / failed. A newer load (the key changed)
// wins over an older one still in flight, so fast paging never shows a stale page.
import { useCallback, useEffect, useRef, useState } from 'react'

export type LoadState<T> =
  | { status: 'loading'; data: T | undefined; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'failed'; data: T | undefined; error: unknown }

type Settled<T> = LoadState<T> & { key: string | null }

export function useLoad<T>(
  load: () => Promise<T>,
  key: string,
): LoadState<T> & { reload: () => void } {
  const [state, setState] = useState<Settled<T>>({
    status: 'loading',
    data: undefined,
    error: null,
    key: null,
  })
  const [attempt, setAttempt] = useState(0)
  const latest = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` decide when to reload
  useEffect(() => {
    const ticket = ++latest.current
    loadRef.current().then(
      (data) => {
        if (ticket === latest.current) setState({ status: 'ready', data, error: null, key })
      },
      (error: unknown) => {
        if (ticket === latest.current) {
          setState((previous) => ({ status: 'failed', data: previous.data, error, key }))
        }
      },
    )
  }, [key, attempt])

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, key: null }))
    setAttempt((n) => n + 1)
  }, [])
  // Until the load for this key settles the screen is loading: the last key's data is never
  // shown as if it answered the new one.
  if (state.key !== key) return { status: 'loading', data: state.data, error: null, reload }
  const { key: _settledKey, ...settled } = state
  return { ...(settled as LoadState<T>), reload }
}
