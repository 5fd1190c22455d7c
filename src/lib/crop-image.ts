// The crop machine's real effects: read a picked file into an image, export a crop through a
// canvas as PNG. Only the maths (`outputSize`, `dataUrlByteSize`) runs without a browser.
import type { ExportRequest, LoadedImage } from '../machines/crop-machine'
import type { Size } from './crop-geometry'

export const CANVAS_NOT_SUPPORTED = 'Canvas not supported'
export const UNREADABLE_IMAGE = 'This file could not be read as an image.'

/** The export's size: the crop scaled down (never up) to fit within `max`, aspect kept. */
export function outputSize(crop: Size, max: Size): Size {
  const scale = Math.min(1, max.width / crop.width, max.height / crop.height)
  return {
    width: Math.max(1, Math.round(crop.width * scale)),
    height: Math.max(1, Math.round(crop.height * scale)),
  }
}

/** How many bytes a base64 data URL decodes to. */
export function dataUrlByteSize(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1)
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding)
}

async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image()
  image.src = src
  await image.decode()
  return image
}

/** Reads a picked file into an object URL and the image's natural size. */
export async function readImageFile(file: File): Promise<LoadedImage> {
  const src = URL.createObjectURL(file)
  try {
    const image = await loadImage(src)
    return { src, width: image.naturalWidth, height: image.naturalHeight }
  } catch {
    URL.revokeObjectURL(src)
    throw new Error(UNREADABLE_IMAGE)
  }
}

/** Frees what `readImageFile` created once the flow lets go of the image. */
export function releaseImage(src: string) {
  if (src.startsWith('blob:')) URL.revokeObjectURL(src)
}

/** Draws the crop, scaled down to fit the maximum size, and encodes it as a PNG data URL. */
export async function exportCrop({ src, area, maxWidth, maxHeight }: ExportRequest) {
  const size = outputSize(area, { width: maxWidth, height: maxHeight })
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error(CANVAS_NOT_SUPPORTED)
  const image = await loadImage(src)
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  // Map the area onto the canvas; parts of it outside the image (zoomed out) stay transparent.
  context.scale(size.width / area.width, size.height / area.height)
  context.translate(-area.x, -area.y)
  context.drawImage(image, 0, 0)
  return canvas.toDataURL('image/png')
}
