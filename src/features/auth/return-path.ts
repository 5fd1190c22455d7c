import { paths } from '../../app/paths'

/** The path the operator was sent from (location state `from`), if it is worth returning to. */
export function returnPathFrom(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('from' in state)) return null
  const from = state.from as { pathname?: unknown; search?: unknown; hash?: unknown } | null
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return null
  if (from.pathname === paths.login) return null
  const search = typeof from.search === 'string' ? from.search : ''
  const hash = typeof from.hash === 'string' ? from.hash : ''
  return `${from.pathname}${search}${hash}`
}
