// The only module that calls fetch (and XMLHttpRequest, for an upload's progress): base URL,
// bearer token, JSON, timeout, one error type, 401 handling.
import { type QueryParams, toQueryString } from './query-string'
import { tokenStore } from './token-store'

/** Every failed call rejects with this; `status` is null when no response arrived (network, timeout). */
export class ApiError extends Error {
  readonly status: number | null
  readonly detail: string | null
  /** The whole JSON error body, for answers that say more than `detail` (`twoFactorRequired`). */
  readonly body: Record<string, unknown> | null

  constructor(
    status: number | null,
    detail: string | null,
    message?: string,
    body: Record<string, unknown> | null = null,
  ) {
    super(message ?? detail ?? (status === null ? 'No response' : `HTTP ${status}`))
    this.name = 'ApiError'
    this.status = status
    this.detail = detail
    this.body = body
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** The server answered 404: the record (or its parent) does not exist. */
export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404

/** The server's `detail` when it sent one, else `fallback` (spec §8). */
export function errorText(error: unknown, fallback: string): string {
  return (isApiError(error) && error.detail?.trim() && error.detail) || fallback
}

/** The message of a call that got no answer at all (not a timeout). */
export const NETWORK_ERROR = 'Network error'

/** A record loaded for editing and the ETag its GET answered (null when the server sent none). */
export interface Versioned<T> {
  data: T
  etag: string | null
}

type UnauthorizedHandler = () => void
let unauthorizedHandler: UnauthorizedHandler | null = null

/** The app registers how to reach /login (router navigation); returns an unregister function. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null
  }
}

function handleUnauthorized(sentToken: string | null) {
  // The first 401 for the token in use acts: it clears the token, so the other requests that
  // failed together find it gone and report nothing. A call made without a token is reported
  // too: a session ended in another tab leaves this one without its token. Whether a session
  // runs here (not on /login after a wrong password) is for the handler, the session, to know.
  if (sentToken !== null) {
    if (tokenStore.get() !== sentToken) return
    tokenStore.clear()
  }
  if (unauthorizedHandler) unauthorizedHandler()
  else if (sentToken !== null) window.location.assign('/login')
}

async function readErrorBody(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.json()
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      return body as Record<string, unknown>
    }
  } catch {
    // Not JSON: the status alone describes the failure.
  }
  return null
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A file sent as the body as it is (a CSV import), with its upload's progress. */
export interface FileBody {
  file: Blob
  type: string
  /** Bytes sent so far, of `total`. */
  onProgress?: (sent: number, total: number) => void
}

interface RequestOptions<T> {
  query?: QueryParams
  body?: unknown
  file?: FileBody
  /** The ETag the record was loaded with: a stale one makes the server answer 412. */
  ifMatch?: string | null
  /** A long download: no timeout, this signal cancels it instead. */
  signal?: AbortSignal
  /** Sent even if the page closes meanwhile (fetch's keepalive). */
  keepalive?: boolean
  read: (response: Response) => Promise<T>
}

export interface ApiClientOptions {
  baseUrl?: string
  timeoutMs?: number
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl || import.meta.env.VITE_API_BASE_URL || '/api').replace(
    /\/+$/,
    '',
  )
  const timeoutMs = options.timeoutMs ?? 40_000

  async function request<T>(method: Method, path: string, opts: RequestOptions<T>): Promise<T> {
    // Resolving against the page origin keeps a relative base like `/api` working everywhere.
    const url = new URL(`${baseUrl}${path}${toQueryString(opts.query)}`, window.location.origin)
    const token = tokenStore.get()
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (token) headers.Authorization = `Bearer ${token}`
    // A JSON content type with an empty body is rejected by strict servers, so only send it with one.
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
    if (opts.file) headers['Content-Type'] = opts.file.type
    if (opts.ifMatch) headers['If-Match'] = opts.ifMatch

    const controller = new AbortController()
    const timer = opts.signal ? undefined : setTimeout(() => controller.abort(), timeoutMs)
    try {
      let response: Response
      try {
        const signal = opts.signal ?? controller.signal
        response = opts.file
          ? await sendFile(url.toString(), method, headers, opts.file, signal)
          : await fetch(url.toString(), {
              method,
              headers,
              body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
              signal,
              keepalive: opts.keepalive,
            })
      } catch {
        const reason = opts.signal?.aborted
          ? 'Cancelled'
          : controller.signal.aborted
            ? `Timed out after ${timeoutMs} ms`
            : NETWORK_ERROR
        throw new ApiError(null, null, reason)
      }
      if (!response.ok) {
        const body = await readErrorBody(response)
        const detail = typeof body?.detail === 'string' ? body.detail : null
        if (response.status === 401) handleUnauthorized(token)
        throw new ApiError(response.status, detail, undefined, body)
      }
      try {
        return await opts.read(response)
      } catch {
        throw new ApiError(null, null, 'The response was cut off')
      }
    } finally {
      clearTimeout(timer)
    }
  }

  const json = <T>(response: Response) => readJson(response) as Promise<T>

  return {
    /** The absolute URL of an API path, for the browser to load itself (images, see ApiImage). */
    url: (path: string) => new URL(`${baseUrl}${path}`, window.location.origin).toString(),
    get: <T>(path: string, query?: QueryParams) => request<T>('GET', path, { query, read: json }),
    /** A record for an edit screen, with the ETag its save sends back as If-Match. */
    getVersioned: <T>(path: string) =>
      request<Versioned<T>>('GET', path, {
        read: async (response) => ({
          data: await json<T>(response),
          etag: response.headers.get('ETag'),
        }),
      }),
    /** `ifMatch`: for the few POSTs that change a record loaded with its ETag (revert). */
    post: <T = void>(path: string, body?: unknown, query?: QueryParams, ifMatch?: string | null) =>
      request<T>('POST', path, { body, query, ifMatch, read: json }),
    put: <T = void>(path: string, body?: unknown, ifMatch?: string | null) =>
      request<T>('PUT', path, { body, ifMatch, read: json }),
    /** `body`: for the few deletes that need proof (turning two-factor sign-in off takes a code). */
    delete: <T = void>(path: string, query?: QueryParams, body?: unknown) =>
      request<T>('DELETE', path, { query, body, read: json }),
    /** A DELETE the browser still sends while the page is closing (keepalive): a goodbye on
     * `pagehide`, such as leaving an edit page (presence). */
    deleteAsPageCloses: (path: string) =>
      request<void>('DELETE', path, { keepalive: true, read: json }),
    /** For image bytes (photos, logos, product images) shown through object URLs. */
    getBlob: (path: string, query?: QueryParams) =>
      request<Blob>('GET', path, { query, read: (response) => response.blob() }),
    /** A streamed download (CSV exports): the response, whose body the caller reads as it
     * arrives; it may take minutes, so `signal` ends it rather than a timeout. */
    download: (path: string, query: QueryParams, signal: AbortSignal) =>
      request<Response>('GET', path, { query, signal, read: async (response) => response }),
    /** A file POSTed as the body (CSV imports), reporting its upload's progress; a large file
     * may take minutes, so `signal` ends it rather than a timeout. Answers like `post`. */
    upload: <T>(path: string, file: FileBody, query: QueryParams, signal: AbortSignal) =>
      request<T>('POST', path, { file, query, signal, read: json }),
    /**
     * A Server-Sent Events stream (the live changes), the token in the Authorization header:
     * `onOpen` once it is open, `onData` with each event's data and name ('' for a write,
     * `presence` for presence). Resolves when the server ends it (or `signal` does); rejects
     * with an ApiError when refused (a 401 ends the session like any other) or when the
     * connection breaks. Never retries: the caller decides when.
     */
    events: async (
      path: string,
      handlers: {
        signal: AbortSignal
        onOpen: () => void
        onData: (data: string, event: string) => void
      },
    ) => {
      const token = tokenStore.get()
      const headers: Record<string, string> = {}
      if (token) headers.Authorization = `Bearer ${token}`
      // Loaded with the first stream, after the page shows: no route's first load carries it.
      const { fetchEventSource } = await import('@microsoft/fetch-event-source')
      await fetchEventSource(new URL(`${baseUrl}${path}`, window.location.origin).toString(), {
        headers,
        signal: handlers.signal,
        // Kept open in a hidden tab too: a page shown again must not have missed anything.
        openWhenHidden: true,
        onopen: async (response) => {
          if (response.ok) return handlers.onOpen()
          const body = await readErrorBody(response)
          const detail = typeof body?.detail === 'string' ? body.detail : null
          if (response.status === 401) handleUnauthorized(token)
          throw new ApiError(response.status, detail, undefined, body)
        },
        onmessage: (message) => {
          if (message.data) handlers.onData(message.data, message.event)
        },
        onerror: (error) => {
          throw isApiError(error) ? error : new ApiError(null, null, NETWORK_ERROR)
        },
      })
    },
  }
}

/**
 * Sends a file with XMLHttpRequest, whose upload events give progress (fetch has none, and
 * Chromium streams a request body only over HTTP/2), and hands the answer back as a Response,
 * so it is read like every other. Rejects as fetch does: no answer, or aborted.
 */
function sendFile(
  url: string,
  method: Method,
  headers: Record<string, string>,
  { file, onProgress }: FileBody,
  signal: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.addEventListener('progress', (event) =>
      onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size),
    )
    xhr.addEventListener('load', () => {
      const type = xhr.getResponseHeader('Content-Type')
      const body = xhr.status === 204 ? null : xhr.responseText
      resolve(
        new Response(body, { status: xhr.status, headers: type ? { 'Content-Type': type } : {} }),
      )
    })
    xhr.addEventListener('error', () => reject(new TypeError('Network error')))
    xhr.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
    if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'))
    signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(file)
  })
}

export type ApiClient = ReturnType<typeof createApiClient>

export const api: ApiClient = createApiClient()
