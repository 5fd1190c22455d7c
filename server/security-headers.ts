import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

// Security headers on every response, API and static alike.
//
// CSP: scripts only from our origin and never eval (the form validators are precompiled at
// build time for this reason). Styles allow 'unsafe-inline' because Chakra/emotion inject
// <style> tags at run time. No upgrade-insecure-requests and no HSTS: the product is served
// on plain http (localhost, intranet), where both would break it; put them on the TLS proxy.
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  xContentTypeOptions: true,
}

/** What helmet sets with these options: the same for every request, so worked out once. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = headersSetBy(
  helmet(HELMET_OPTIONS),
)

// @fastify/helmet built helmet's middleware anew on every request (its CSP parsed again each
// time), which cost a trivial route a third of its time; one hook now copies fixed headers.
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS)
    done()
  })
}

/** Runs a middleware (helmet's is synchronous) on a stand-in response and keeps its headers. */
function headersSetBy(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value)
    },
    // X-Powered-By: Fastify never sets it.
    removeHeader() {},
  }
  let finished = false
  // helmet's middleware only sets and removes headers, the two methods the stand-in has.
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error
    finished = true
  })
  if (!finished) throw new Error('helmet did not finish synchronously')
  return headers
}
