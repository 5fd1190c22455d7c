// Generated pictures for the upload journeys: a plain background with one SVG shape on top.
import sharp from 'sharp'

export async function writePicture(
  file: string,
  {
    width,
    height,
    background,
    shape,
  }: { width: number; height: number; background: string; shape: string },
): Promise<void> {
  const svg = `<svg width="${width}" height="${height}">${shape}</svg>`
  const image = sharp({ create: { width, height, channels: 3, background } }).composite([
    { input: Buffer.from(svg) },
  ])
  await (file.endsWith('.jpg') ? image.jpeg() : image.png()).toFile(file)
}
