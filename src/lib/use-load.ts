// Loads data for a screen and tracks loading / ready / failed. A newer load (the key changed)
// wins over an older one still in flight, so fast paging never shows a stale page.
import { useCallback, useEffect, useRef, useState } from 'react'

export type LoadState<T> =
  | { status: 'loading'; data: T | undefined; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'failed'; data: T | undefined; error: unknown }

export function useLoad<T>(
  load: () => Promise<T>,
  key: string,
): LoadState<T> & { reload: () => void } {
  const [state, setState] = useState<LoadState<T>>({
    status: 'loading',
    data: undefined,
    error: null,
  })
  const [attempt, setAttempt] = useState(0)
  const latest = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` decide when to reload
  useEffect(() => {
    const ticket = ++latest.current
    setState((previous) => ({ status: 'loading', data: previous.data, error: null }))
    loadRef.current().then(
      (data) => {
        if (ticket === latest.current) setState({ status: 'ready', data, error: null })
      },
      (error: unknown) => {
        if (ticket === latest.current)
          setState((previous) => ({ status: 'failed', data: previous.data, error }))
      },
    )
  }, [key, attempt])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { ...state, reload }
}
