import { useSyncExternalStore } from 'react'

/** Tracks a CSS media query; re-renders only when its answer changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
  )
}

// Spec: the side menu is a drawer under 768 px and fixed from 768 px up.
export const WIDE_QUERY = '(min-width: 768px)'
