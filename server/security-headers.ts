import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

// Security headers on every response, API and static alike.
//
// CSP: scripts only from our origin and never eval (the form validators are precompiled at
// build time for this reason). Styles allow 'unsafe-inline' because Chakra/emotion inject
// <style> tags at run time. No upgrade-insecure-requests and no HSTS: the product is served
// on plain http (localhost, intranet), where both would break it; put them on the TLS proxy.
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
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
  })
}
