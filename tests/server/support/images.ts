import { randomBytes } from 'node:crypto'
import sharp from 'sharp'

// Real images made by sharp, shared by the product-image and provider-image suites.

export type Format = 'png' | 'jpeg' | 'webp'

export const MiB = 1024 * 1024

/** One colour, `width`×`height`, encoded as `format`. */
export function solid(width: number, height: number, format: Format, colour = '#c0392b') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer()
}

/** Random pixels barely compress: a PNG of `side`² pixels is about 3·side² bytes. */
export function noisePng(side: number) {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer()
}

/** A JPEG stored `width`×`height` with EXIF (camera, GPS position) and orientation 6. */
export function exifJpeg(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#8e44ad' } })
    .withExif({
      IFD0: { Make: 'Phone Co', Model: 'Snapper 3', Copyright: 'Ada Lovelace' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer()
}

/** 48 megapixels of one colour: a small file that would decode to ~140 MB. */
export function bombPng() {
  return sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer()
}
