// Every uploaded image is decoded and re-encoded before it is stored: what we serve is always
// an image sharp produced, never the uploaded file. That refuses anything that is not wholly a
// PNG, JPEG or WebP image (text, truncated files, a PNG header in front of HTML), drops any
// bytes hidden after the image, and removes EXIF (GPS position, camera), XMP and ICC metadata.
import { createHash } from 'node:crypto'
import sharp, { type Sharp, type SharpOptions } from 'sharp'
import { HttpError } from '../errors'
import { MAX_IMAGE_BYTES, tooLarge } from './image-upload'

/** Decompression bombs: a tiny file can declare a huge canvas. 40 MP is a large camera photo. */
export const MAX_IMAGE_PIXELS = 40_000_000

export type ImageFormat = 'png' | 'jpeg' | 'webp'

export interface CleanImage {
  bytes: Buffer
  contentType: `image/${ImageFormat}`
  /** A strong HTTP entity tag (quoted) for these bytes. */
  etag: string
}

const DECODE: SharpOptions = {
  // Any libvips warning (a truncated scan, a bad checksum) fails the decode.
  failOn: 'warning',
  limitInputPixels: MAX_IMAGE_PIXELS,
  // An animated WebP keeps its first frame.
  animated: false,
}

// Same format out as in. Without `.keepMetadata()`/`.withMetadata()` sharp writes no metadata.
const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
  png: (image) => image.png(),
  jpeg: (image) => image.jpeg({ quality: 90 }),
  webp: (image) => image.webp({ quality: 90 }),
}

/** The format the first bytes announce; libvips is only ever handed these three. */
export function sniffFormat(bytes: Buffer): ImageFormat | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return 'png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg'
  }
  const riff = bytes.subarray(0, 4).toString('latin1')
  if (riff === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp'
  return undefined
}

/**
 * Checks and cleans an uploaded image: 400 (naming `field`) unless the bytes decode completely
 * as PNG, JPEG or WebP; 413 over 8 MiB or 40 megapixels. The result is upright (EXIF
 * orientation applied), in the same format, without metadata.
 */
export async function cleanImage(bytes: Buffer, field: string): Promise<CleanImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge(field)
  const format = sniffFormat(bytes)
  if (!format) throw new HttpError(400, `${field} must be a PNG, JPEG or WebP image`)
  const undecodable = new HttpError(400, `${field} is not a valid ${NAMES[format]} image`)

  const failure = (error: unknown) => (isPixelLimit(error) ? tooManyPixels(field) : undecodable)

  const metadata = await sharp(bytes, DECODE)
    .metadata()
    .catch((error: unknown) => {
      throw failure(error)
    })
  if (metadata.format !== format || !metadata.width || !metadata.height) throw undecodable
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw tooManyPixels(field)

  const output = await ENCODE[format](sharp(bytes, DECODE).rotate())
    .toBuffer()
    .catch((error: unknown) => {
      throw failure(error)
    })
  if (output.length > MAX_IMAGE_BYTES) throw tooLarge(field)
  return withEtag(output, format)
}

/**
 * A copy of a stored (already clean) image at most `maxWidth` pixels wide, as lossy WebP
 * (transparency kept); smaller images are re-encoded at their own size. Cards show thirty of
 * these at once: a 480 px PNG of a photo weighs about 470 KB, this about 20 KB.
 */
export async function thumbnail(bytes: Buffer, maxWidth: number): Promise<CleanImage> {
  if (!sniffFormat(bytes)) throw new Error('thumbnail() needs a PNG, JPEG or WebP image')
  const resized = sharp(bytes, DECODE)
    .rotate()
    .resize({ width: maxWidth, withoutEnlargement: true })
  return withEtag(await resized.webp({ quality: THUMBNAIL_QUALITY }).toBuffer(), 'webp')
}

const THUMBNAIL_QUALITY = 80

const NAMES: Record<ImageFormat, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP' }

function withEtag(bytes: Buffer, format: ImageFormat): CleanImage {
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27)
  return { bytes, contentType: `image/${format}`, etag: `"${hash}"` }
}

function tooManyPixels(field: string): HttpError {
  return new HttpError(413, `${field} has too many pixels: at most 40 megapixels`)
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message)
}
