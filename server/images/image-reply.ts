// Serves a stored image: its bytes under its own type, never sniffed as anything else, kept by
// the browser but revalidated on every use (an upload replaces it under the same URL), and 304
// when the browser already holds these bytes. Also the `?size=` parameter shared by the image
// routes that store a thumbnail.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { oneOf, querySchema } from '../lib/query-schema'
import { type RawQuery, single } from '../lists/list-params'

export interface StoredImage {
  bytes: Buffer
  contentType: string
  etag: string
}

export type ImageSize = 'full' | 'thumb'

/** `?size=thumb` asks for the thumbnail; omitted (or `full`) for the image itself. */
export const imageSizeQuery = querySchema({
  size: oneOf(['full', 'thumb'], 'must be full or thumb'),
})

export function imageSize(query: RawQuery): ImageSize {
  return single(query, 'size') === 'thumb' ? 'thumb' : 'full'
}

export function sendImage(request: FastifyRequest, reply: FastifyReply, image: StoredImage) {
  reply
    .header('cache-control', 'private, no-cache')
    .header('etag', image.etag)
    .header('x-content-type-options', 'nosniff')
  if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send()
  return reply.type(image.contentType).send(image.bytes)
}

/** If-None-Match uses the weak comparison: `W/"x"` matches `"x"`; `*` matches anything. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}
