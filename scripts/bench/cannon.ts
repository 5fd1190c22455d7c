// A thin, typed wrapper over autocannon 9 (it ships no types): one run, its figures.
import { createRequire } from 'node:module'

/** One request as autocannon sends it. */
export interface Shot {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: string
}

/** Per-connection state autocannon hands to setupRequest and onResponse. */
export type Context = Record<string, unknown>

export interface CannonOptions {
  url: string
  connections: number
  /** Seconds. */
  duration: number
  /** Seconds without an answer before a request counts as a timeout (autocannon: 10). */
  timeout?: number
  headers?: Record<string, string>
  /** A fixed request, or one made afresh for every request (rotating ids, mixed workloads). */
  shot: Shot | ((context: Context) => Shot)
  /** Sees every response; asking for it makes autocannon keep the bodies. */
  onResponse?: (status: number, body: string, context: Context) => void
}

export interface Figures {
  requests: number
  /** Requests per second over the whole run. */
  rps: number
  /** Milliseconds. */
  p50: number
  p99: number
  /** Connection errors and timeouts (no response). */
  errors: number
  timeouts: number
  non2xx: number
  /** Response count by status code. */
  statuses: Record<string, number>
}

interface RawRequest extends Shot {
  headers?: Record<string, string>
  setupRequest?: (request: RawRequest, context: Context) => RawRequest
  onResponse?: (status: number, body: string, context: Context) => void
}

interface RawResult {
  requests: { total: number }
  duration: number
  latency: { p50: number; p99: number }
  errors: number
  timeouts: number
  non2xx: number
  statusCodeStats: Record<string, { count: number }>
}

type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: RawResult) => void,
) => unknown

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

export function fire(options: CannonOptions): Promise<Figures> {
  const { shot, onResponse } = options
  const headers = options.headers ?? {}
  // Fresh headers every time: autocannon writes Content-Length into the object it is given,
  // and a GET after a POST would otherwise announce the POST's body length.
  const request: RawRequest =
    typeof shot === 'function'
      ? {
          path: '/',
          setupRequest: (raw, context) => ({ ...raw, headers: { ...headers }, ...shot(context) }),
        }
      : { ...shot }
  if (onResponse) request.onResponse = onResponse
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.duration,
        timeout: options.timeout ?? 10,
        headers,
        requests: [request],
      },
      (error, result) => {
        if (error) return reject(error)
        const statuses: Record<string, number> = {}
        for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
          statuses[code] = count
        }
        resolve({
          requests: result.requests.total,
          rps: result.requests.total / Math.max(result.duration, 0.001),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          statuses,
        })
      },
    )
  })
}
