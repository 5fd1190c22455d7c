// Turns the text of an uploaded image (a base64 data URL, or bare base64) into bytes, with the
// upload limits every image route shares. Whether the bytes are an image is clean-image.ts's job.
import { HttpError } from '../errors'

/** The largest image file accepted, after base64 decoding. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024

/** Body limit of image upload routes: 8 MiB of image is about 10.7 MiB of base64, plus JSON. */
export const IMAGE_BODY_LIMIT = 12 * 1024 * 1024

// `data:<media type>[;param...];base64,` — the declared media type is not trusted (the bytes
// decide), so any is accepted here.
const DATA_URL_PREFIX = /^data:[^,;]*(?:;[^,;]*)*;base64,/i
// Standard or URL-safe alphabet, optional padding.
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/

export function tooLarge(field: string): HttpError {
  return new HttpError(413, `${field} is too large: an image may be at most 8 MiB`)
}

/**
 * The bytes of `text`, a `data:image/...;base64,...` URL or bare base64. A blank value or text
 * that is not base64 is a 400 naming `field`; more than 8 MiB of bytes is a 413, found from the
 * text's length before anything is decoded.
 */
export function decodeBase64Image(text: string, field: string): Buffer {
  const prefix = DATA_URL_PREFIX.exec(text)
  if (!prefix && /^\s*data:/i.test(text)) {
    throw new HttpError(400, `${field} must be a base64 data URL (data:image/png;base64,...)`)
  }
  // Line breaks and spaces are allowed inside base64 (MIME wraps it); they carry nothing.
  const base64 = (prefix ? text.slice(prefix[0].length) : text).replace(/[\t\n\r ]/g, '')
  if (base64 === '') throw new HttpError(400, `${field} must not be blank`)
  if (!BASE64.test(base64) || base64.length % 4 === 1) {
    throw new HttpError(400, `${field} is not valid base64`)
  }
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  if (Math.floor((base64.length * 3) / 4) - padding > MAX_IMAGE_BYTES) throw tooLarge(field)
  return Buffer.from(base64, 'base64')
}
